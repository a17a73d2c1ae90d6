// Regulatory identifiers (DOMAIN-NOTES "Identifiers"): LEI (ISO 17442), ISIN (ISO 6166) and
// UTI (ISO 23897). Pure functions; the database assigns ISINs with the same algorithm
// (migration `instrument_identifiers`), and a test keeps the two in step.

/** Letters to numbers as ISO 7064 and ISO 6166 do it: 0-9 stay, A=10 … Z=35. */
function expandAlphanumeric(code: string): string {
  let digits = '';
  for (const ch of code) {
    const c = ch.charCodeAt(0);
    if (c >= 48 && c <= 57) digits += ch;
    else if (c >= 65 && c <= 90) digits += String(c - 55);
    else throw new RangeError(`'${ch}' is not an upper-case alphanumeric character`);
  }
  return digits;
}

/** The digit string modulo 97, chunked so it never leaves safe integer range. */
function mod97(digits: string): number {
  let remainder = 0;
  for (let i = 0; i < digits.length; i += 7) remainder = Number(`${remainder}${digits.slice(i, i + 7)}`) % 97;
  return remainder;
}

/** ISO 17442 / ISO 7064 MOD 97-10 check digits for the first 18 characters of an LEI. */
export function leiCheckDigits(base18: string): string {
  if (!/^[0-9A-Z]{18}$/.test(base18)) throw new RangeError('an LEI base is 18 upper-case alphanumeric characters');
  return String(98 - mod97(expandAlphanumeric(`${base18}00`))).padStart(2, '0');
}

/** True for 20 characters whose value mod 97 is 1 (ISO 17442). */
export function isValidLei(code: string): boolean {
  return /^[0-9A-Z]{18}[0-9]{2}$/.test(code) && mod97(expandAlphanumeric(code)) === 1;
}

/**
 * Meridian's LEIs for its demo organisations. The prefix `MRDN` stands where a real LOU's
 * prefix would be (registered LOU prefixes are numeric), so these can never collide with a
 * real entity's LEI; chars 5–6 are the reserved `00`; 12 characters derive from `seed`.
 */
export const PLATFORM_LEI_PREFIX = 'MRDN00';

export function platformLei(entityPart12: string): string {
  const base = `${PLATFORM_LEI_PREFIX}${entityPart12}`;
  return `${base}${leiCheckDigits(base)}`;
}

/** ISO 6166 check digit: letters expanded to two digits, then Luhn over the digit string. */
export function isinCheckDigit(first11: string): string {
  if (!/^[A-Z]{2}[0-9A-Z]{9}$/.test(first11)) throw new RangeError('an ISIN body is 2 letters and 9 alphanumerics');
  const digits = expandAlphanumeric(first11);
  let sum = 0;
  // Luhn from the right: the right-most payload digit is doubled (the check digit follows it).
  for (let i = digits.length - 1, double = true; i >= 0; i--, double = !double) {
    let d = Number(digits[i]);
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return String((10 - (sum % 10)) % 10);
}

export function isValidIsin(code: string): boolean {
  return /^[A-Z]{2}[0-9A-Z]{9}[0-9]$/.test(code) && isinCheckDigit(code.slice(0, 11)) === code[11];
}

/**
 * Instruments issued on the platform get ISIN-format codes `QZMRD` + 6 base-36 characters of
 * a sequence number + check digit. `QZ` is in ISO 3166-1's user-assigned range (never a
 * country, not used by numbering agencies), so these are visibly private codes.
 */
export const PLATFORM_ISIN_PREFIX = 'QZMRD';

export function platformIsin(sequence: number): string {
  if (!Number.isInteger(sequence) || sequence < 1 || sequence >= 36 ** 6)
    throw new RangeError('ISIN sequence out of range');
  const body = `${PLATFORM_ISIN_PREFIX}${sequence.toString(36).toUpperCase().padStart(6, '0')}`;
  return `${body}${isinCheckDigit(body)}`;
}

/**
 * ISO 23897 UTI: the generating entity's LEI followed by up to 32 alphanumerics unique to the
 * trade; ours are the trade id's 32 hex digits, so the UTI is derived, never stored twice.
 */
export function tradeUti(generatorLei: string, tradeId: string): string {
  const suffix = tradeId.replaceAll('-', '').toUpperCase();
  if (!/^[0-9A-F]{32}$/.test(suffix)) throw new RangeError('a trade id is a UUID');
  return `${generatorLei}${suffix}`;
}

export function isValidUti(code: string): boolean {
  return code.length <= 52 && isValidLei(code.slice(0, 20)) && /^[0-9A-Z]{1,32}$/.test(code.slice(20));
}
