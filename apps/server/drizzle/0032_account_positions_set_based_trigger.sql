-- Issue 16 item 8: the positions kept as trade entries commit (drizzle/0026) were applied one
-- traded units line at a time (a row lookup and an update each, in a plpgsql loop): ~8 ms per
-- trade in a bulk statement, where every update of the same row walks the versions the
-- statement already made of it. Now set-based, as read_models_rebuild() is since drizzle/0031:
-- the statement's movements are folded per account and instrument in journal order, starting
-- from the kept row, with the same arithmetic (account_position_step), then one UPDATE of the
-- kept rows and one INSERT of the new ones.

-- The fold of drizzle/0031, started from a given state (the kept row) instead of zero.
CREATE FUNCTION "account_position_step_from"(s account_position_state, p_start account_position_state,
	p_units bigint, p_cash bigint, p_at timestamptz)
RETURNS account_position_state LANGUAGE sql IMMUTABLE AS $$
	SELECT account_position_step(coalesce(s, p_start, '(0,0,0,,0,0)'::account_position_state), p_units, p_cash, p_at)
$$;--> statement-breakpoint
CREATE AGGREGATE "account_position_fold_from"(account_position_state, bigint, bigint, timestamptz) (
	SFUNC = account_position_step_from,
	STYPE = account_position_state
);--> statement-breakpoint

CREATE OR REPLACE FUNCTION "read_models_lines_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	-- Most ledger writes carry no units line (reservations, cash moves): nothing to plan.
	IF NOT EXISTS (SELECT 1 FROM new_lines WHERE asset_type = 'units') THEN
		RETURN NULL;
	END IF;
	-- The kept rows this statement moves, locked in key order (so two writers cannot deadlock
	-- on them); the fold below runs in a later statement, so it reads them as last committed.
	PERFORM 1 FROM account_positions p
	WHERE (p.account_id, p.instrument_id) IN (SELECT account_id, asset FROM new_lines WHERE asset_type = 'units')
	ORDER BY p.account_id, p.instrument_id
	FOR UPDATE;
	WITH moves AS (
		-- Every traded units movement with the cash its account paid (+) or received (-) in the
		-- same entry; one primary-key probe per line, whatever the (possibly stale) statistics say.
		SELECT u.id, u.account_id, u.asset, u.amount AS units, (-coalesce(c.cash, 0))::bigint AS cash, e.created_at
		FROM new_lines u
		CROSS JOIN LATERAL (SELECT j.created_at FROM journal_entries j WHERE j.id = u.entry_id AND j.kind = 'trade') e
		LEFT JOIN (SELECT entry_id, account_id, sum(amount) AS cash FROM new_lines WHERE asset_type = 'cash'
			GROUP BY entry_id, account_id) c ON c.entry_id = u.entry_id AND c.account_id = u.account_id
		WHERE u.asset_type = 'units'
	),
	folded AS (
		SELECT m.account_id, m.asset, bool_or(p.account_id IS NOT NULL) AS kept,
			account_position_fold_from(
				CASE WHEN p.account_id IS NULL THEN NULL
					ELSE ROW(p.units, p.cost, p.realized, p.day, p.day_cash, p.day_units)::account_position_state END,
				m.units, m.cash, m.created_at ORDER BY m.created_at, m.id) AS f
		FROM moves m
		LEFT JOIN account_positions p ON p.account_id = m.account_id AND p.instrument_id = m.asset
		GROUP BY m.account_id, m.asset
	),
	updated AS (
		UPDATE account_positions p SET units = (folded.f).units, cost = (folded.f).cost, realized = (folded.f).realized,
			day = (folded.f).day, day_cash = (folded.f).day_cash, day_units = (folded.f).day_units
		FROM folded WHERE folded.kept AND p.account_id = folded.account_id AND p.instrument_id = folded.asset
		RETURNING 1
	)
	INSERT INTO account_positions (account_id, instrument_id, units, cost, realized, day, day_cash, day_units)
	SELECT account_id, asset, (f).units, (f).cost, (f).realized, (f).day, (f).day_cash, (f).day_units
	FROM folded WHERE NOT kept;
	RETURN NULL;
END;
$$;--> statement-breakpoint
-- Nothing calls the row-by-row step any more.
DROP FUNCTION "account_positions_apply"(uuid, text, bigint, bigint, timestamptz);
