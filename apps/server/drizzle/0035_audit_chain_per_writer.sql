-- One hash chain per writer (issue 10, "audit rows add at most 10 % to orders/s"; decision 0072).
-- The order batches of an instrument are written by its one fenced book writer, so they chain
-- on their own (`chain` = 'orders:<instrument id>'): the writer keeps its chain's head in
-- memory, hashes in Node and inserts plain typed rows, with no lock and no head read. Every
-- other audited change stays on the chain 'main', appended by audit_main_append below (advisory
-- lock, head read after it, hashes in the database), as before.
--
-- A row's place: `chain` and `chain_seq` (1, 2, 3 … per chain), hashed with its content.
-- Rows written before this migration keep `chain_seq` NULL and their hash over their global
-- `seq` (they are the start of 'main'); nothing here rewrites them (the trigger refuses it).
-- `seq` stays the primary key and the order of GET /api/audit; it now comes from a sequence.
-- Within one chain it grows with `chain_seq` (a chain's rows are appended one writer at a time,
-- each after the previous committed), which audit:verify checks.
ALTER TABLE "audit_events" ADD COLUMN "chain" text DEFAULT 'main' NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "chain_seq" bigint;--> statement-breakpoint
CREATE SEQUENCE "audit_events_seq" OWNED BY "audit_events"."seq";--> statement-breakpoint
SELECT setval('audit_events_seq', coalesce((SELECT max("seq") FROM "audit_events"), 0) + 1, false);--> statement-breakpoint
ALTER TABLE "audit_events" ALTER COLUMN "seq" SET DEFAULT nextval('audit_events_seq');--> statement-breakpoint
-- No fork, whoever writes: two rows cannot take the same place in a chain (a stale writer that
-- got past its fence would fail here, 23505). Appends go to the right edge of their chain.
CREATE UNIQUE INDEX "audit_events_chain_idx" ON "audit_events" ("chain", "chain_seq") WHERE "chain_seq" IS NOT NULL;--> statement-breakpoint
-- The rows before this migration, in order (audit:verify, and the head of 'main' until its
-- first new row). New rows never enter it.
CREATE INDEX "audit_events_legacy_idx" ON "audit_events" ("seq") WHERE "chain_seq" IS NULL;--> statement-breakpoint
-- The append functions of the previous versions hashed a global seq; a server still calling
-- them would break the chain, so they go (its audited change fails whole, nothing half-written).
DROP FUNCTION "audit_chain_append"(text);--> statement-breakpoint
DROP FUNCTION "audit_chain_rows"(jsonb);--> statement-breakpoint
-- audit_main_append(p_bodies): audit_chain_append of migration 0028 for the chain 'main': the
-- canonical texts (chain.ts `canonicalContent`, U+0001 where the chain_seq goes) joined by
-- U+0002; takes the chain's advisory lock (held to commit), reads the head after it, hashes the
-- texts in one loop (SHA-256(prev_hash || '\n' || text), exactly as chain.ts) and reads the
-- columns back out of the hashed texts. `seq` is left to the column default.
CREATE FUNCTION "audit_main_append"(p_bodies text) RETURNS SETOF audit_events LANGUAGE plpgsql VOLATILE AS $$
DECLARE
	head_seq bigint;
	head_hash text;
	first_seq bigint;
	body text;
	bodies text[] := '{}';
	prevs text[] := '{}';
	hashes text[] := '{}';
BEGIN
	PERFORM pg_advisory_xact_lock(84960128614741);
	SELECT e.chain_seq, e.hash INTO head_seq, head_hash FROM audit_events e
		WHERE e.chain = 'main' AND e.chain_seq IS NOT NULL ORDER BY e.chain_seq DESC LIMIT 1;
	IF head_seq IS NULL THEN
		SELECT e.seq, e.hash INTO head_seq, head_hash FROM audit_events e WHERE e.chain_seq IS NULL ORDER BY e.seq DESC LIMIT 1;
	END IF;
	head_seq := coalesce(head_seq, 0);
	head_hash := coalesce(head_hash, repeat('0', 64));
	first_seq := head_seq + 1;
	FOREACH body IN ARRAY string_to_array(p_bodies, chr(2)) LOOP
		head_seq := head_seq + 1;
		body := replace(body, chr(1), head_seq::text);
		prevs := prevs || head_hash;
		head_hash := encode(sha256(convert_to(head_hash || chr(10) || body, 'UTF8')), 'hex');
		bodies := bodies || body;
		hashes := hashes || head_hash;
	END LOOP;
	-- OFFSET 0 keeps the subquery whole, so each text is parsed once, not once per column.
	RETURN QUERY
	SELECT NULL::bigint, (r.c ->> 'occurredAt')::timestamptz(3), r.c ->> 'actorId', r.c ->> 'actorEmail',
		r.c ->> 'action', r.c ->> 'authorisedBy', r.c ->> 'subjectType', r.c ->> 'subjectId',
		nullif(r.c -> 'before', 'null'::jsonb), nullif(r.c -> 'after', 'null'::jsonb), r.c ->> 'requestId',
		r.c ->> 'clientAddress', r.p, r.h, 'main'::text, first_seq + r.n - 1
	FROM (SELECT u.b::jsonb AS c, u.p, u.h, u.n FROM unnest(bodies, prevs, hashes) WITH ORDINALITY AS u(b, p, h, n) OFFSET 0) r
	ORDER BY r.n;
END;
$$;
