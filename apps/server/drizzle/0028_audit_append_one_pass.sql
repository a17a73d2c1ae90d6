-- The order path's audit append made cheaper (issue 10, "audit rows add at most 10 % to
-- orders/s"; decision 0061). Same chain, same lock, same trigger, same transaction.
--
-- 1. audit_events_hash_unique goes: it was a second B-tree fed a random 64-character key per
--    row (the costliest index of the table), and it guarded nothing the chain needs. A row's
--    hash covers its seq, and seq is the primary key, so two rows cannot share a hash without
--    a SHA-256 collision; nothing looks a row up by its hash (audit:verify walks seq order).
ALTER TABLE "audit_events" DROP CONSTRAINT "audit_events_hash_unique";
--> statement-breakpoint
-- 2. audit_chain_append(p_bodies): like audit_chain_rows (migration 0027, kept for a server of
--    the previous version still running during a rolling start), but each row travels ONCE, as
--    its canonical text (chain.ts `canonicalContent`, U+0001 where its seq goes), the texts
--    joined by U+0002 into one text parameter (JSON text never holds a raw control character,
--    so neither needs escaping or a JSON parse on the way in), instead of that text plus every
--    column again inside a JSON document. One loop hashes the rows onto the head; one
--    set-based query reads the columns back out of the texts that were hashed, so a row holds
--    exactly what its hash covers. hash = SHA-256(prev_hash || '\n' || text with its seq),
--    exactly as chain.ts.
CREATE FUNCTION "audit_chain_append"(p_bodies text) RETURNS SETOF audit_events LANGUAGE plpgsql VOLATILE AS $$
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
	SELECT e.seq, e.hash INTO head_seq, head_hash FROM audit_events e ORDER BY e.seq DESC LIMIT 1;
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
	SELECT first_seq + r.n - 1, (r.c ->> 'occurredAt')::timestamptz(3), r.c ->> 'actorId', r.c ->> 'actorEmail',
		r.c ->> 'action', r.c ->> 'authorisedBy', r.c ->> 'subjectType', r.c ->> 'subjectId',
		nullif(r.c -> 'before', 'null'::jsonb), nullif(r.c -> 'after', 'null'::jsonb), r.c ->> 'requestId',
		r.c ->> 'clientAddress', r.p, r.h
	FROM (SELECT u.b::jsonb AS c, u.p, u.h, u.n FROM unnest(bodies, prevs, hashes) WITH ORDINALITY AS u(b, p, h, n) OFFSET 0) r
	ORDER BY r.n;
END;
$$;
