import { z } from 'zod';
import { formatLedgerMoney } from './money';

/** Every API error: `{ code, message }`, plus `issues` for validation failures. */
export const errorResponseSchema = z
  .object({
    code: z.string(),
    message: z.string(),
    issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  })
  .meta({ id: 'ErrorResponse' });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** A non-negative decimal amount with at most two fraction digits, e.g. '1234.50'. */
export const decimalStringSchema = z
  .string()
  .regex(/^\d+(\.\d{1,2})?$/, 'Must be a decimal amount with at most 2 decimals');

/** An ISO-8601 UTC timestamp as sent by the API. */
export const timestampSchema = z.iso.datetime({ offset: true });

/**
 * A UTC instant the server itself writes (from `Date#toISOString`): documented as `date-time` in
 * OpenAPI. Responses only, where the server is the source; requests use `timestampSchema`.
 */
export const instantSchema = z.string().meta({ format: 'date-time' });

export const uuidSchema = z.uuid();

/**
 * The largest amount any request may name (1,000,000,000,000.00 in hundredths), and the most
 * cash one account may hold per currency (ten of those). Balances are bigint hundredths
 * (max about 9.2e18): the omnibus `external:cash` account mirrors all holders' cash, so it only
 * nears that limit with over 9,000 accounts each at the cap (docs/decisions, "Input bounds at the edge").
 */
export const MAX_AMOUNT_MINOR = 100_000_000_000_000n;
export const MAX_ACCOUNT_CASH_MINOR = 10n * MAX_AMOUNT_MINOR;
export const AMOUNT_MESSAGES = {
  positive: 'Amount must be greater than 0',
  tooLarge: `Amount must be at most ${fromMinorUnits(MAX_AMOUNT_MINOR)}`,
} as const;

/** A decimal amount (number or string, at most 2 decimals) within 0 < amount <= MAX_AMOUNT. */
export function isAmountWithinBounds(amount: string | number): boolean {
  const minor = toMinorUnits(amount);
  return minor !== null && minor > 0n && minor <= MAX_AMOUNT_MINOR;
}

/**
 * C0 control characters and DEL, except tab, line feed and carriage return. PostgreSQL refuses
 * NUL in text, and none of them belongs in a name, reference or note.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
/** Single-line fields (names, references) refuse line breaks and tabs as well. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const LINE_CONTROL_CHARACTERS = /[\u0000-\u001F\u007F]/;
export const CONTROL_CHARACTERS_MESSAGE = 'Must not contain control characters';

/** A single-line text field: no control characters at all. */
export const lineTextSchema = (options: { max: number }) =>
  z
    .string()
    .max(options.max)
    .refine((text) => !LINE_CONTROL_CHARACTERS.test(text), CONTROL_CHARACTERS_MESSAGE);

/**
 * A decimal amount as a request may send it (JSON number or string), normalised ONCE to its
 * text: numbers to their shortest round-trip form, strings trimmed. Code behind the schema
 * only ever sees a string (no `string | number` downstream); validity is checked by the
 * refinements that follow, on that text.
 */
export const decimalInputSchema = (error?: string) =>
  z
    .union([z.number(), z.string()], error === undefined ? undefined : { error })
    .transform((v) => (typeof v === 'number' ? String(v) : v.trim()));

/** Converts a decimal amount (string or number) to integer hundredths; null when not a valid amount. */
export function toMinorUnits(amount: string | number): bigint | null {
  const text = typeof amount === 'number' ? amountNumberToText(amount) : amount.trim();
  if (text === null) return null;
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  return BigInt(match[1]!) * 100n + BigInt((match[2] ?? '').padEnd(2, '0'));
}

function amountNumberToText(amount: number): string | null {
  if (!Number.isFinite(amount) || amount < 0) return null;
  // Two fixed decimals; numbers with finer precision are rejected rather than rounded.
  const fixed = amount.toFixed(2);
  return Number(fixed) === amount ? fixed : null;
}

/**
 * Ledger hundredths as people read money in messages (en-US, SPEC §9), in the currency's own
 * decimals (money.ts): 1000000000n USD -> '$10,000,000.00', 89n CNY -> 'CN¥0.89',
 * 123400n JPY -> '¥1,234'. Intl formats the decimal string exactly, never through a float.
 */
export function formatMoneyText(value: bigint, currency: string): string {
  return formatLedgerMoney(value, currency);
}

/** Formats integer hundredths as a decimal string with two fraction digits, e.g. 12345n -> '123.45'. */
export function fromMinorUnits(value: bigint): string {
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const text = `${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
  return negative ? `-${text}` : text;
}
