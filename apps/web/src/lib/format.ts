/**
 * Display formatting, en-US (SPEC §9). Money shows each currency's own number of decimals
 * (ISO 4217: USD 2, JPY 0, BHD 3), as Intl knows them, never a fixed 2.
 */

type Numeric = number | bigint | string;

// Intl formats decimal strings exactly (no float rounding of large money amounts).
const asIntlValue = (value: Numeric) => value as number;

const currencyFormatters = new Map<string, Intl.NumberFormat>();

function currencyFormatter(currency: string): Intl.NumberFormat {
  let formatter = currencyFormatters.get(currency);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', { style: 'currency', currency });
    currencyFormatters.set(currency, formatter);
  }
  return formatter;
}

/** Minor-unit digits of a currency: 2 for USD, 0 for JPY (ISO 4217, from Intl). */
export function currencyDecimals(currency: string): number {
  return currencyFormatter(currency).resolvedOptions().maximumFractionDigits ?? 2;
}

/** An amount (decimal string, or a number for derived figures) in its currency: '$1,234.50', '¥1,235'. */
export function formatCurrency(value: Numeric, currency = 'USD'): string {
  return currencyFormatter(currency).format(asIntlValue(value));
}

/**
 * A per-unit price: prices trade on a 0.01 tick in every currency (ARCHITECTURE, instrument
 * units), so a JPY price of 100.8 shows as ¥100.80, never rounded to the yen.
 */
export function formatPrice(value: Numeric, currency = 'USD'): string {
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(asIntlValue(value));
}

/** An amount in minor units (bigint, as the ledger keeps it) in its currency: 123450n USD → '$1,234.50'. */
export function formatMinorUnits(minor: bigint, currency = 'USD'): string {
  const digits = currencyDecimals(currency);
  const negative = minor < 0n;
  const text = (negative ? -minor : minor).toString().padStart(digits + 1, '0');
  const decimal = digits === 0 ? text : `${text.slice(0, -digits)}.${text.slice(-digits)}`;
  return formatCurrency(`${negative ? '-' : ''}${decimal}`, currency);
}

export function formatNumber(value: Numeric, maximumFractionDigits = 0, minimumFractionDigits = 0): string {
  return new Intl.NumberFormat('en-US', { maximumFractionDigits, minimumFractionDigits }).format(asIntlValue(value));
}

/** `value` is already a percentage (2.4 means 2.4%). */
export function formatPercent(value: number, { digits = 2, signed = false } = {}): string {
  const text = `${value.toFixed(digits)}%`;
  return signed && value > 0 ? `+${text}` : text;
}

/** A calendar date such as 'Mar 1, 2031' shown in UTC, the platform's time base. */
export function formatDate(value: string | Date): string {
  return new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(value),
  );
}

/**
 * A moment (the API sends UTC) in the user's own time zone, the zone named: 'Mar 1, 2031,
 * 14:05 UTC', 'Mar 1, 2031, 09:05 EST'. `timeZone` overrides the browser's zone (tests).
 */
export function formatDateTime(value: string | Date, timeZone?: string): string {
  return new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
    ...(timeZone ? { timeZone } : {}),
  }).format(new Date(value));
}

/** A time of day in the user's zone, the zone named: '14:05 UTC'. */
export function formatTime(value: string | Date | number, timeZone?: string): string {
  return new Intl.DateTimeFormat('en-US', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
    ...(timeZone ? { timeZone } : {}),
  }).format(new Date(value));
}

/** The short name of the user's time zone ('UTC', 'CET'), for captions such as a chart axis. */
export function timeZoneLabel(at: Date = new Date(), timeZone?: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZoneName: 'short',
    ...(timeZone ? { timeZone } : {}),
  }).formatToParts(at);
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? 'UTC';
}

/** Uptime-style duration: '3d 4h', '2h 5m', '45s'. */
export function formatDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const days = Math.floor(s / 86_400);
  const hours = Math.floor((s % 86_400) / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  if (days > 0) return `${days}d ${hours}h`;
  if (hours > 0) return `${hours}h ${minutes}m`;
  if (minutes > 0) return `${minutes}m ${s % 60}s`;
  return `${s}s`;
}
