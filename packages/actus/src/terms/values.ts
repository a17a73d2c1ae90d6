import { parseTime, type Time } from '../time/datetime.js';
import { parseCycle, parsePeriod, type Cycle, type Period } from '../time/cycle.js';

/** Outcome of converting one raw value: the typed value or a reason it is invalid. */
export type Converted = { ok: true; value: unknown } | { ok: false; reason: string };

const ok = (value: unknown): Converted => ({ ok: true, value });
const bad = (reason: string): Converted => ({ ok: false, reason });

export function toReal(raw: unknown): Converted {
  if (typeof raw === 'number') return Number.isFinite(raw) ? ok(raw) : bad('must be a finite number');
  if (typeof raw === 'string') {
    const text = raw.trim();
    const n = Number(text);
    if (text !== '' && Number.isFinite(n)) return ok(n);
  }
  return bad('must be a number');
}

export function toTime(raw: unknown): Converted {
  const t: Time | undefined = typeof raw === 'string' ? parseTime(raw) : undefined;
  return t === undefined ? bad('must be an ISO 8601 date-time (YYYY-MM-DDTHH:mm[:ss])') : ok(t);
}

export function toCycle(raw: unknown): Converted {
  const c: Cycle | undefined = typeof raw === 'string' ? parseCycle(raw.trim()) : undefined;
  return c === undefined ? bad('must be a cycle such as P1ML0 or P6ML1') : ok(c);
}

export function toPeriod(raw: unknown): Converted {
  const p: Period | undefined = typeof raw === 'string' ? parsePeriod(raw.trim()) : undefined;
  return p === undefined ? bad('must be an ISO 8601 period such as P2D or P1M') : ok(p);
}

export function toText(raw: unknown): Converted {
  if (typeof raw === 'string') return ok(raw.trim());
  if (typeof raw === 'number' && Number.isFinite(raw)) return ok(String(raw));
  return bad('must be a string');
}

export function toBoolean(raw: unknown): Converted {
  if (typeof raw === 'boolean') return ok(raw);
  if (typeof raw === 'string') {
    const text = raw.trim().toUpperCase();
    if (text === 'TRUE' || text === 'FALSE') return ok(text === 'TRUE');
  }
  return bad('must be TRUE or FALSE');
}

/** Array terms arrive as JSON arrays or as comma separated strings. */
export function toArray(raw: unknown, item: (v: unknown) => Converted): Converted {
  let items: unknown[];
  if (Array.isArray(raw)) items = raw;
  else if (typeof raw === 'string') items = raw.split(',').filter((s) => s.trim() !== '');
  else if (typeof raw === 'number') items = [raw];
  else return bad('must be a list');
  const out: unknown[] = [];
  for (const v of items) {
    const c = item(v);
    if (!c.ok) return bad(`every element ${c.reason}`);
    out.push(c.value);
  }
  return ok(out);
}
