import { fromMinorUnits, toMinorUnits } from '@meridian/schemas';

/**
 * Exact decimal helpers for the amounts the API sends as strings. Money stays in integer
 * hundredths (bigint); floats appear only when a value is handed to a chart.
 */

/** A signed decimal string with at most 2 decimals as hundredths; null when malformed. */
export function toSignedMinor(value: string | null | undefined): bigint | null {
  if (value === null || value === undefined) return null;
  const text = value.trim();
  const negative = text.startsWith('-');
  const minor = toMinorUnits(negative ? text.slice(1) : text);
  if (minor === null) return null;
  return negative ? -minor : minor;
}

/** Hundredths back to a decimal string ('-1.50'). */
export function minorToDecimal(minor: bigint): string {
  return fromMinorUnits(minor);
}

/** A whole, positive number of units typed by the user; null otherwise. */
export function parseUnits(value: string): bigint | null {
  const text = value.trim();
  if (!/^\d+$/.test(text)) return null;
  const units = BigInt(text);
  return units > 0n ? units : null;
}

/**
 * A number as people type it: '1,000' and '1,000.50' mean 1000 and 1000.50 (en-US grouping,
 * SPEC §9). Commas are dropped only where they group thousands correctly; anything else comes
 * back trimmed, for the validator to refuse.
 */
export function normalizeNumberInput(value: string): string {
  const text = value.trim();
  return /^\d{1,3}(,\d{3})+(\.\d*)?$/.test(text) ? text.replace(/,/g, '') : text;
}
