// Exact decimal arithmetic for FX: rates are published decimals ("133.73"), amounts are bigint
// hundredths. Every conversion is ONE division at the end, rounded half away from zero, so a
// cross rate through EUR never accumulates intermediate rounding.

/** A non-negative decimal as `digits / 10^scale`. */
export interface Decimal {
  digits: bigint;
  scale: number;
}

export function parseDecimal(text: string): Decimal {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) throw new Error(`not a decimal: '${text}'`);
  const fraction = match[2] ?? '';
  return { digits: BigInt(match[1]! + fraction), scale: fraction.length };
}

/** numerator / denominator rounded to an integer, half away from zero. */
export function divideRounded(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new Error('division by zero');
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const quotient = (n * 2n + d) / (d * 2n);
  return negative ? -quotient : quotient;
}

const pow10 = (n: number) => 10n ** BigInt(n);

/**
 * `amount` (integer units of A) × target / source, where both rates are quoted against the
 * same pivot (units per 1 EUR): amount × (t.digits/10^t.scale) / (s.digits/10^s.scale).
 */
export function crossMultiply(amount: bigint, source: Decimal, target: Decimal): bigint {
  return divideRounded(amount * target.digits * pow10(source.scale), source.digits * pow10(target.scale));
}

/** target / source as a decimal string with `places` fraction digits (half away from zero). */
export function crossRateText(source: Decimal, target: Decimal, places = 8): string {
  const scaled = crossMultiply(pow10(places), source, target);
  const text = scaled.toString().padStart(places + 1, '0');
  return `${text.slice(0, -places)}.${text.slice(-places)}`;
}
