-- ISIN-format codes for instruments issued on the platform: 'QZMRD' + 6 base-36 characters of
-- a sequence number + the ISO 6166 check digit (letters to two digits, Luhn). Same algorithm
-- as platformIsin() in packages/schemas/src/identifiers.ts; a server test keeps them in step.
CREATE SEQUENCE IF NOT EXISTS "instrument_isin_seq";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION platform_isin(n bigint) RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  alphabet constant text := '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  body text := '';
  digits text := '';
  v bigint := n;
  total int := 0;
  d int;
  doubled boolean := true;
BEGIN
  IF n < 1 OR n >= 2176782336 THEN RAISE EXCEPTION 'ISIN sequence % out of range', n; END IF;
  FOR i IN 1..6 LOOP
    body := substr(alphabet, (v % 36)::int + 1, 1) || body;
    v := v / 36;
  END LOOP;
  body := 'QZMRD' || body;
  FOR i IN 1..length(body) LOOP
    digits := digits || (position(substr(body, i, 1) in alphabet) - 1)::text;
  END LOOP;
  FOR i IN REVERSE length(digits)..1 LOOP
    d := substr(digits, i, 1)::int;
    IF doubled THEN
      d := d * 2;
      IF d > 9 THEN d := d - 9; END IF;
    END IF;
    total := total + d;
    doubled := NOT doubled;
  END LOOP;
  RETURN body || ((10 - total % 10) % 10)::text;
END
$$;
