/** A local date-time input value (no zone) as an ISO instant, or null when empty. */
export function localDateTimeToIso(value: string): string | null {
  if (!value) return null;
  const instant = new Date(value);
  return Number.isNaN(instant.getTime()) ? null : instant.toISOString();
}

/** Keeps a typed role level within 1-10 (SPEC §5). */
export function clampLevel(value: number, min = 1, max = 10): number {
  if (!Number.isFinite(value)) return min;
  return Math.min(max, Math.max(min, Math.round(value)));
}
