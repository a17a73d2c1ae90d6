-- Raises MR001 with `message` unless `ok`: lets one set-based statement refuse its own
-- result (e.g. a batch of balance changes that would leave a balance below its
-- reservations), which rolls the whole statement back.
CREATE FUNCTION ledger_guard(ok boolean, message text) RETURNS boolean
LANGUAGE plpgsql AS $$
BEGIN
  IF ok IS NOT TRUE THEN
    RAISE EXCEPTION USING ERRCODE = 'MR001', MESSAGE = message;
  END IF;
  RETURN true;
END
$$;
