import { parseTime, type Time } from '../time/datetime.js';
import { EngineError, type ObservedEvent } from './types.js';

/** One risk factor's time series, sorted by time, in parallel arrays. */
export interface Series {
  times: Time[];
  values: number[];
}

export type RawObservations = Record<string, { timestamp: string; value: number | string }[]>;

export function toSeriesMap(raw: RawObservations | undefined): Map<string, Series> {
  const map = new Map<string, Series>();
  if (!raw) return map;
  if (typeof raw !== 'object')
    throw new EngineError('observations', 'INVALID_TYPE', 'observations must map market object codes to series');
  for (const [code, points] of Object.entries(raw)) {
    if (!Array.isArray(points))
      throw new EngineError(code, 'INVALID_TYPE', `observations of ${code} must be a list of { timestamp, value }`);
    const parsed = points
      .filter((p) => typeof p === 'object' && p !== null)
      .map((p) => ({ t: parseTime(String(p.timestamp)), v: Number(p.value) }))
      .filter((p): p is { t: Time; v: number } => p.t !== undefined && Number.isFinite(p.v))
      .sort((a, b) => a.t - b.t);
    map.set(code, { times: parsed.map((p) => p.t), values: parsed.map((p) => p.v) });
  }
  return map;
}

/**
 * Value in force at `t`: the last observation at or before t (step function); before
 * the first observation, the first value.
 */
export function valueAt(series: Series, t: Time): number {
  const { times, values } = series;
  let lo = 0;
  let hi = times.length - 1;
  if (hi < 0) return Number.NaN;
  if (t < (times[0] as number)) return values[0] as number;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((times[mid] as number) <= t) lo = mid;
    else hi = mid - 1;
  }
  return values[lo] as number;
}

export function observeIn(map: Map<string, Series>, code: string, t: Time): number {
  const series = map.get(code);
  if (!series || series.times.length === 0) {
    throw new EngineError(code, 'MISSING_OBSERVATION', `No observations for market object code ${code}`);
  }
  return valueAt(series, t);
}

function observedProblem(i: number, why: string): EngineError {
  return new EngineError(`observedEvents[${i}]`, 'INVALID_TYPE', `observedEvents[${i}] ${why}`);
}

/**
 * Observed events arrive as `{ time, type, value, contractId, states }` records. A record
 * that is not an object, or whose value is given but not a number, is refused (a
 * prepayment of "abc" must not turn into NaN payoffs); one with an unreadable time is skipped.
 */
export function toObservedEvents(raw: unknown[] | undefined): ObservedEvent[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw))
    throw new EngineError('observedEvents', 'INVALID_TYPE', 'observedEvents must be a list of event records');
  const out: ObservedEvent[] = [];
  for (let i = 0; i < raw.length; i++) {
    const item: unknown = raw[i];
    if (typeof item !== 'object' || item === null || Array.isArray(item))
      throw observedProblem(i, 'must be an event record { time, type, value }');
    const r = item as Record<string, unknown>;
    const time = parseTime(String(r.time ?? r.eventDate ?? ''));
    if (time === undefined) continue;
    const rawValue = r.value ?? 0;
    const value = typeof rawValue === 'string' && rawValue.trim() !== '' ? Number(rawValue) : rawValue;
    if (typeof value !== 'number' || !Number.isFinite(value)) throw observedProblem(i, 'value must be a finite number');
    const states = r.states;
    out.push({
      time,
      type: String(r.type ?? r.eventType ?? ''),
      value,
      contractId: String(r.contractId ?? r.contractID ?? ''),
      states: (typeof states === 'object' && states !== null ? states : {}) as Record<string, unknown>,
    });
  }
  return out;
}
