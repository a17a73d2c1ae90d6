import { z } from 'zod';

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

export const uuidSchema = z.uuid();

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

/** Formats integer hundredths as a decimal string with two fraction digits, e.g. 12345n -> '123.45'. */
export function fromMinorUnits(value: bigint): string {
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const text = `${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
  return negative ? `-${text}` : text;
}
