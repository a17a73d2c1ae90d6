-- Short elevations (issue 10: "stops working after expiry (use a short duration)"): an elevation
-- request's duration may count minutes. Existing rows and the default stay in hours (SPEC).
ALTER TABLE "elevation_requests" ADD COLUMN "duration_unit" text DEFAULT 'hours' NOT NULL;--> statement-breakpoint
ALTER TABLE "elevation_requests" ADD CONSTRAINT "elevation_requests_duration_unit_check" CHECK ("elevation_requests"."duration_unit" in ('hours', 'minutes'));
--> statement-breakpoint
-- The audit append in ONE statement (issue 10, "audit rows add at most 10 %"): the rows of an
-- append, chained onto the committed head, for `INSERT INTO audit_events (...) SELECT ... FROM
-- audit_chain_rows($1)` (audit/record.ts) — alone inside the caller's transaction, or as a CTE
-- of the order batch's one statement. p_rows is a JSON array of rows in chain order; each
-- carries `body`, its canonical JSON text with U+0001 where its seq goes. The function takes
-- the chain's advisory lock (held to commit) and then reads the head: being VOLATILE PL/pgSQL,
-- that read has a snapshot taken after the lock, so an append always extends the committed head.
-- hash = SHA-256(prev_hash || '\n' || body with its seq), exactly as chain.ts.
CREATE FUNCTION "audit_chain_rows"(p_rows jsonb) RETURNS SETOF audit_events LANGUAGE plpgsql VOLATILE AS $$
DECLARE
	head_seq bigint;
	head_hash text;
	first_seq bigint;
	body text;
	hashes text[] := '{}';
	prevs text[] := '{}';
BEGIN
	PERFORM pg_advisory_xact_lock(84960128614741);
	SELECT e.seq, e.hash INTO head_seq, head_hash FROM audit_events e ORDER BY e.seq DESC LIMIT 1;
	head_seq := coalesce(head_seq, 0);
	head_hash := coalesce(head_hash, repeat('0', 64));
	first_seq := head_seq + 1;
	FOR body IN SELECT a.r ->> 'body' FROM jsonb_array_elements(p_rows) WITH ORDINALITY AS a(r, n) ORDER BY a.n LOOP
		head_seq := head_seq + 1;
		prevs := prevs || head_hash;
		head_hash := encode(sha256(convert_to(head_hash || chr(10) || replace(body, chr(1), head_seq::text), 'UTF8')), 'hex');
		hashes := hashes || head_hash;
	END LOOP;
	RETURN QUERY
	SELECT first_seq + a.n - 1, (a.r ->> 'occurred_at')::timestamptz(3), a.r ->> 'actor_id', a.r ->> 'actor_email',
		a.r ->> 'action', a.r ->> 'authorised_by', a.r ->> 'subject_type', a.r ->> 'subject_id',
		nullif(a.r -> 'before', 'null'::jsonb), nullif(a.r -> 'after', 'null'::jsonb), a.r ->> 'request_id',
		a.r ->> 'client_address', prevs[a.n::int], hashes[a.n::int]
	FROM jsonb_array_elements(p_rows) WITH ORDINALITY AS a(r, n)
	ORDER BY a.n;
END;
$$;
