-- Read models kept as trades and trade journal entries commit (issue 16 item 8; decision 0056).
-- The market list, the tickers and the portfolio read these instead of the whole trades table
-- or the whole of a user's journal. Statement-level AFTER INSERT triggers with transition
-- tables maintain them in the same transaction as the rows they summarise, whatever path
-- wrote those rows (order batches, the desk, settlement, a bulk load), so they are exact,
-- survive restarts and are shared by every instance on the database.

-- Per instrument: the last trade (by created_at, then sequence) and the number of trades.
CREATE TABLE "instrument_trade_stats" (
	"instrument_id" uuid PRIMARY KEY NOT NULL REFERENCES "instruments"("id"),
	"last_price" bigint NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"last_sequence" bigint NOT NULL,
	"trades" bigint NOT NULL
);--> statement-breakpoint
-- Per instrument and UTC hour: the hour's first trade, volume, value, high, low, count. A
-- rolling 24-hour window is the hours wholly inside it plus an index range on the trades of
-- the one partial hour at its start: its cost follows the trading rate, never the history.
CREATE TABLE "instrument_trade_hours" (
	"instrument_id" uuid NOT NULL REFERENCES "instruments"("id"),
	"hour" timestamp with time zone NOT NULL,
	"first_price" bigint NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	"first_sequence" bigint NOT NULL,
	"volume" bigint NOT NULL,
	"turnover" numeric NOT NULL,
	"high" bigint NOT NULL,
	"low" bigint NOT NULL,
	"trades" bigint NOT NULL,
	PRIMARY KEY ("instrument_id", "hour")
);--> statement-breakpoint
-- Trades per user and instrument (a trade with oneself counts once), for the portfolio's
-- activity count (the sum over the user's rows). Per instrument, so concurrent batches of
-- different instruments (one writer each) never wait on each other's row.
CREATE TABLE "user_trade_counts" (
	"user_id" uuid NOT NULL REFERENCES "users"("id"),
	"instrument_id" uuid NOT NULL REFERENCES "instruments"("id"),
	"trades" bigint NOT NULL,
	PRIMARY KEY ("user_id", "instrument_id")
);--> statement-breakpoint
-- Per account and instrument: the average-cost basis of traded units (portfolio.ts costBasis,
-- applied movement by movement in journal order), realized P&L, and the last UTC day with a
-- movement with that day's cash and units.
CREATE TABLE "account_positions" (
	"account_id" uuid NOT NULL REFERENCES "ledger_accounts"("id"),
	"instrument_id" text NOT NULL,
	"units" bigint NOT NULL,
	"cost" bigint NOT NULL,
	"realized" bigint NOT NULL,
	"day" date NOT NULL,
	"day_cash" bigint NOT NULL,
	"day_units" bigint NOT NULL,
	PRIMARY KEY ("account_id", "instrument_id")
);--> statement-breakpoint

CREATE FUNCTION "read_models_trades_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO instrument_trade_stats AS s (instrument_id, last_price, last_at, last_sequence, trades)
	SELECT DISTINCT ON (instrument_id) instrument_id, price, created_at, sequence,
		count(*) OVER (PARTITION BY instrument_id)
	FROM new_trades ORDER BY instrument_id, created_at DESC, sequence DESC
	ON CONFLICT (instrument_id) DO UPDATE SET
		trades = s.trades + excluded.trades,
		last_price = CASE WHEN (excluded.last_at, excluded.last_sequence) > (s.last_at, s.last_sequence)
			THEN excluded.last_price ELSE s.last_price END,
		last_sequence = CASE WHEN (excluded.last_at, excluded.last_sequence) > (s.last_at, s.last_sequence)
			THEN excluded.last_sequence ELSE s.last_sequence END,
		last_at = greatest(s.last_at, excluded.last_at);

	INSERT INTO instrument_trade_hours AS h (instrument_id, hour, first_price, first_at, first_sequence, volume, turnover, high, low, trades)
	SELECT instrument_id, hour,
		(array_agg(price ORDER BY created_at, sequence))[1], min(created_at),
		(array_agg(sequence ORDER BY created_at, sequence))[1],
		sum(quantity), sum(price::numeric * quantity), max(price), min(price), count(*)
	FROM (SELECT *, date_bin('1 hour', created_at, timestamptz '2000-01-01 00:00:00+00') AS hour FROM new_trades) t
	GROUP BY instrument_id, hour
	ON CONFLICT (instrument_id, hour) DO UPDATE SET
		first_price = CASE WHEN (excluded.first_at, excluded.first_sequence) < (h.first_at, h.first_sequence)
			THEN excluded.first_price ELSE h.first_price END,
		first_sequence = CASE WHEN (excluded.first_at, excluded.first_sequence) < (h.first_at, h.first_sequence)
			THEN excluded.first_sequence ELSE h.first_sequence END,
		first_at = least(h.first_at, excluded.first_at),
		volume = h.volume + excluded.volume,
		turnover = h.turnover + excluded.turnover,
		high = greatest(h.high, excluded.high),
		low = least(h.low, excluded.low),
		trades = h.trades + excluded.trades;

	INSERT INTO user_trade_counts AS c (user_id, instrument_id, trades)
	SELECT user_id, instrument_id, count(*) FROM (
		SELECT buyer_id AS user_id, instrument_id, id FROM new_trades UNION SELECT seller_id, instrument_id, id FROM new_trades
	) parties GROUP BY user_id, instrument_id ORDER BY user_id, instrument_id
	ON CONFLICT (user_id, instrument_id) DO UPDATE SET trades = c.trades + excluded.trades;
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "trades_read_models" AFTER INSERT ON "trades"
	REFERENCING NEW TABLE AS new_trades FOR EACH STATEMENT EXECUTE FUNCTION "read_models_trades_inserted"();--> statement-breakpoint

-- One traded units movement: + received (cost grows by the cash paid), - delivered (cost
-- released pro rata, the rest of the cash received realized). Integer division truncates
-- toward zero, as BigInt division in portfolio.ts does.
CREATE FUNCTION "account_positions_apply"(p_account uuid, p_instrument text, p_units bigint, p_cash bigint, p_at timestamptz)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	p account_positions%ROWTYPE;
	released bigint;
	d date := (p_at AT TIME ZONE 'UTC')::date;
BEGIN
	SELECT * INTO p FROM account_positions WHERE account_id = p_account AND instrument_id = p_instrument FOR UPDATE;
	IF NOT FOUND THEN
		INSERT INTO account_positions (account_id, instrument_id, units, cost, realized, day, day_cash, day_units)
		VALUES (p_account, p_instrument, p_units, CASE WHEN p_units > 0 THEN p_cash ELSE 0 END, 0, d, p_cash, p_units);
		RETURN;
	END IF;
	IF p_units > 0 THEN
		p.cost := p.cost + p_cash;
	ELSIF p.units > 0 THEN
		released := div(p.cost::numeric * (-p_units), p.units)::bigint;
		p.realized := p.realized + (-p_cash) - released;
		p.cost := p.cost - released;
	END IF;
	p.units := p.units + p_units;
	IF d > p.day THEN
		p.day := d; p.day_cash := p_cash; p.day_units := p_units;
	ELSIF d = p.day THEN
		p.day_cash := p.day_cash + p_cash; p.day_units := p.day_units + p_units;
	END IF;
	UPDATE account_positions SET units = p.units, cost = p.cost, realized = p.realized, day = p.day,
		day_cash = p.day_cash, day_units = p.day_units
	WHERE account_id = p_account AND instrument_id = p_instrument;
END;
$$;--> statement-breakpoint

-- The movements of trade entries among the inserted lines, in journal order (entry time, line id),
-- each with the cash its account paid (+) or received (-) in the same entry.
CREATE FUNCTION "read_models_lines_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	m record;
BEGIN
	-- Most ledger writes carry no units line (reservations, cash moves): nothing to plan.
	IF NOT EXISTS (SELECT 1 FROM new_lines WHERE asset_type = 'units') THEN
		RETURN NULL;
	END IF;
	FOR m IN
		SELECT u.account_id, u.asset, u.amount AS units, (-coalesce(c.cash, 0))::bigint AS cash, e.created_at
		FROM new_lines u
		-- One primary-key probe per line, whatever the (possibly stale) statistics say.
		CROSS JOIN LATERAL (SELECT j.created_at FROM journal_entries j WHERE j.id = u.entry_id AND j.kind = 'trade') e
		LEFT JOIN (SELECT entry_id, account_id, sum(amount) AS cash FROM new_lines WHERE asset_type = 'cash'
			GROUP BY entry_id, account_id) c ON c.entry_id = u.entry_id AND c.account_id = u.account_id
		WHERE u.asset_type = 'units'
		ORDER BY e.created_at, u.id
	LOOP
		PERFORM account_positions_apply(m.account_id, m.asset, m.units, m.cash, m.created_at);
	END LOOP;
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "journal_lines_read_models" AFTER INSERT ON "journal_lines"
	REFERENCING NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION "read_models_lines_inserted"();--> statement-breakpoint

-- Rebuilds every read model from trades and the journal (this migration's back-fill; also
-- what a bulk load that bypassed the triggers runs afterwards).
CREATE FUNCTION "read_models_rebuild"() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	m record;
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
	FOR m IN
		SELECT u.account_id, u.asset, u.amount AS units,
			(-(SELECT coalesce(sum(c.amount), 0) FROM journal_lines c
				WHERE c.entry_id = e.id AND c.account_id = u.account_id AND c.asset_type = 'cash'))::bigint AS cash,
			e.created_at
		FROM journal_lines u JOIN journal_entries e ON e.id = u.entry_id AND e.kind = 'trade'
		WHERE u.asset_type = 'units'
		ORDER BY e.created_at, u.id
	LOOP
		PERFORM account_positions_apply(m.account_id, m.asset, m.units, m.cash, m.created_at);
	END LOOP;
END;
$$;--> statement-breakpoint
SELECT read_models_rebuild();
