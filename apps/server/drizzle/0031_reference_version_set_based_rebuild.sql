-- Issue 16 item 8, decision 0067: the read endpoints cache what changes rarely (the instrument
-- list and its issuers, curves, spreads, FX rates) per instance, keyed by a version that every
-- write to those tables bumps in its own transaction. A request reads the version (in a
-- statement it makes anyway) and reloads only when it moved: exact on every instance, whatever
-- wrote the rows (the API, the seed, a test's raw SQL), with no message bus in the way.
CREATE TABLE "reference_version" (
	"id" boolean PRIMARY KEY DEFAULT true CHECK ("id"),
	"version" bigint NOT NULL
);--> statement-breakpoint
INSERT INTO "reference_version" ("id", "version") VALUES (true, 1);--> statement-breakpoint

-- Bumps the version once per transaction. Called from deferred constraint triggers, i.e. at
-- commit, after every other lock of the transaction is taken: the version row is the last lock
-- a writer takes, so it can delay other writers of reference data but never deadlock them.
CREATE FUNCTION "reference_version_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF coalesce(current_setting('meridian.reference_bumped', true), '') <> txid_current()::text THEN
		UPDATE reference_version SET version = version + 1;
		PERFORM set_config('meridian.reference_bumped', txid_current()::text, true);
	END IF;
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "instruments_reference_version" AFTER INSERT OR UPDATE OR DELETE ON "instruments"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "reference_version_bump"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "organisations_reference_version" AFTER INSERT OR UPDATE OR DELETE ON "organisations"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "reference_version_bump"();--> statement-breakpoint
-- An issuer without an organisation is listed under the user's name.
CREATE CONSTRAINT TRIGGER "users_reference_version" AFTER UPDATE OF "name" ON "users"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name")
	EXECUTE FUNCTION "reference_version_bump"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "risk_free_curve_points_reference_version" AFTER INSERT OR UPDATE OR DELETE ON "risk_free_curve_points"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "reference_version_bump"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "credit_spreads_reference_version" AFTER INSERT OR UPDATE OR DELETE ON "credit_spreads"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "reference_version_bump"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "fx_reference_rates_reference_version" AFTER INSERT OR UPDATE OR DELETE ON "fx_reference_rates"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "reference_version_bump"();--> statement-breakpoint
-- Constraint triggers cannot fire on TRUNCATE; these take the table's exclusive lock anyway.
CREATE TRIGGER "instruments_reference_version_truncate" AFTER TRUNCATE ON "instruments"
	FOR EACH STATEMENT EXECUTE FUNCTION "reference_version_bump"();--> statement-breakpoint
CREATE TRIGGER "organisations_reference_version_truncate" AFTER TRUNCATE ON "organisations"
	FOR EACH STATEMENT EXECUTE FUNCTION "reference_version_bump"();--> statement-breakpoint
CREATE TRIGGER "risk_free_curve_points_reference_version_truncate" AFTER TRUNCATE ON "risk_free_curve_points"
	FOR EACH STATEMENT EXECUTE FUNCTION "reference_version_bump"();--> statement-breakpoint
CREATE TRIGGER "credit_spreads_reference_version_truncate" AFTER TRUNCATE ON "credit_spreads"
	FOR EACH STATEMENT EXECUTE FUNCTION "reference_version_bump"();--> statement-breakpoint
CREATE TRIGGER "fx_reference_rates_reference_version_truncate" AFTER TRUNCATE ON "fx_reference_rates"
	FOR EACH STATEMENT EXECUTE FUNCTION "reference_version_bump"();--> statement-breakpoint

-- The positions' rebuild, set-based (issue 16 item 8: a bulk load of 1,000,000 trades loads
-- with the insert triggers off, then rebuilds once). The same arithmetic as
-- account_positions_apply (drizzle/0026), folded by an ordered aggregate per account and
-- instrument instead of one row lookup and update per movement.
CREATE TYPE "account_position_state" AS (
	"units" bigint,
	"cost" bigint,
	"realized" bigint,
	"day" date,
	"day_cash" bigint,
	"day_units" bigint
);--> statement-breakpoint
CREATE FUNCTION "account_position_step"(s account_position_state, p_units bigint, p_cash bigint, p_at timestamptz)
RETURNS account_position_state LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
	released bigint;
	d date := (p_at AT TIME ZONE 'UTC')::date;
BEGIN
	IF p_units > 0 THEN
		s.cost := s.cost + p_cash;
	ELSIF s.units > 0 THEN
		released := div(s.cost::numeric * (-p_units), s.units)::bigint;
		s.realized := s.realized + (-p_cash) - released;
		s.cost := s.cost - released;
	END IF;
	s.units := s.units + p_units;
	IF s.day IS NULL OR d > s.day THEN
		s.day := d; s.day_cash := p_cash; s.day_units := p_units;
	ELSIF d = s.day THEN
		s.day_cash := s.day_cash + p_cash; s.day_units := s.day_units + p_units;
	END IF;
	RETURN s;
END;
$$;--> statement-breakpoint
CREATE AGGREGATE "account_position_fold"(bigint, bigint, timestamptz) (
	SFUNC = account_position_step,
	STYPE = account_position_state,
	INITCOND = '(0,0,0,,0,0)'
);--> statement-breakpoint

CREATE OR REPLACE FUNCTION "read_models_rebuild"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM instrument_trade_stats;
	DELETE FROM instrument_trade_hours;
	DELETE FROM user_trade_counts;
	DELETE FROM account_positions;
	INSERT INTO instrument_trade_stats (instrument_id, last_price, last_at, last_sequence, trades)
	SELECT DISTINCT ON (instrument_id) instrument_id, price, created_at, sequence, count(*) OVER (PARTITION BY instrument_id)
	FROM trades ORDER BY instrument_id, created_at DESC, sequence DESC;
	INSERT INTO instrument_trade_hours (instrument_id, hour, first_price, first_at, first_sequence, volume, turnover, high, low, trades)
	SELECT instrument_id, hour, (array_agg(price ORDER BY created_at, sequence))[1], min(created_at),
		(array_agg(sequence ORDER BY created_at, sequence))[1],
		sum(quantity), sum(price::numeric * quantity), max(price), min(price), count(*)
	FROM (SELECT *, date_bin('1 hour', created_at, timestamptz '2000-01-01 00:00:00+00') AS hour FROM trades) t
	GROUP BY instrument_id, hour;
	INSERT INTO user_trade_counts (user_id, instrument_id, trades)
	SELECT user_id, instrument_id, count(*) FROM (SELECT buyer_id AS user_id, instrument_id, id FROM trades
		UNION SELECT seller_id, instrument_id, id FROM trades) parties
	GROUP BY user_id, instrument_id;
	-- Every traded units line with the cash its account paid (+) or received (-) in the same
	-- entry, folded per account and instrument in journal order (entry time, line id).
	INSERT INTO account_positions (account_id, instrument_id, units, cost, realized, day, day_cash, day_units)
	SELECT account_id, asset, (f).units, (f).cost, (f).realized, (f).day, (f).day_cash, (f).day_units
	FROM (
		SELECT u.account_id, u.asset,
			account_position_fold(u.amount, (-coalesce(c.cash, 0))::bigint, e.created_at ORDER BY e.created_at, u.id) AS f
		FROM journal_lines u
		JOIN journal_entries e ON e.id = u.entry_id AND e.kind = 'trade'
		LEFT JOIN (
			SELECT l.entry_id, l.account_id, sum(l.amount) AS cash
			FROM journal_lines l JOIN journal_entries le ON le.id = l.entry_id AND le.kind = 'trade'
			WHERE l.asset_type = 'cash'
			GROUP BY l.entry_id, l.account_id
		) c ON c.entry_id = u.entry_id AND c.account_id = u.account_id
		WHERE u.asset_type = 'units'
		GROUP BY u.account_id, u.asset
	) folded;
END;
$$;
