import type { EngineEvent } from './types.js';

/**
 * Processing order of events falling on the same time (the reference
 * implementation's event sequence). Monitoring (AD) comes last.
 */
export const EVENT_SEQUENCE: Readonly<Record<string, number>> = {
  CE: 0,
  PD: 0,
  PI: 0,
  PP: 0,
  PY: 0,
  IED: 20,
  PR: 30,
  IP: 40,
  IPFX: 40,
  IPCI: 40,
  IPFL: 45,
  FP: 60,
  DV: 70,
  MR: 80,
  RRF: 100,
  RR: 100,
  PRF: 105,
  SC: 110,
  IPCB: 120,
  PRD: 130,
  TD: 140,
  MD: 150,
  XD: 160,
  STD: 170,
  ME: 180,
  AD: 950,
};

/**
 * The rank of an event type ({@link EVENT_SEQUENCE}). A switch rather than a lookup in the
 * table: the table read with a variable key is a megamorphic keyed load (hash probe) that
 * every event of every contract paid once; event types are the engine's interned string
 * constants, which the switch compares by identity, the most frequent types first.
 */
export function sequenceOf(type: string): number {
  switch (type) {
    case 'IP':
      return 40;
    case 'PR':
      return 30;
    case 'RR':
      return 100;
    case 'AD':
      return 950;
    case 'MD':
      return 150;
    case 'IED':
      return 20;
    case 'PRD':
      return 130;
    case 'TD':
      return 140;
    case 'FP':
      return 60;
    case 'SC':
      return 110;
    case 'IPCI':
      return 40;
    case 'RRF':
      return 100;
    case 'DV':
      return 70;
    case 'XD':
      return 160;
    case 'STD':
      return 170;
    case 'IPCB':
      return 120;
    case 'PRF':
      return 105;
    case 'IPFX':
      return 40;
    case 'IPFL':
      return 45;
    case 'MR':
      return 80;
    case 'ME':
      return 180;
    case 'CE':
    case 'PD':
    case 'PI':
    case 'PP':
    case 'PY':
      return 0;
    default:
      return 999;
  }
}

function rank(e: EngineEvent): number {
  return e.sequence ?? sequenceOf(e.type);
}

/** Orders by time, then by event sequence; ties keep schedule order (stable sort). */
export function compareEvents(a: EngineEvent, b: EngineEvent): number {
  return a.time - b.time || rank(a) - rank(b);
}

/**
 * Sorts by time, then by event sequence, stable (ties keep schedule order). A merge sort
 * in JavaScript rather than Array.prototype.sort: the builtin calls the comparator across
 * the builtin/JS boundary for every comparison, which cost amortizers a tenth of their
 * time; here the comparison is inlined. Already ordered input (small contracts often are)
 * is detected in one pass and returned as is.
 */
export function sortEvents(events: EngineEvent[]): EngineEvent[] {
  const n = events.length;
  let ordered = true;
  for (let i = 1; i < n; i++)
    if (compareEvents(events[i - 1] as EngineEvent, events[i] as EngineEvent) > 0) {
      ordered = false;
      break;
    }
  if (ordered) return events;
  mergeSort(events, events.slice(), 0, n);
  return events;
}

const INSERTION_RUN = 12;

/** Sorts a[lo, hi) stably, using tmp (a copy of a's range) as scratch. */
function mergeSort(a: EngineEvent[], tmp: EngineEvent[], lo: number, hi: number): void {
  if (hi - lo <= INSERTION_RUN) {
    for (let i = lo + 1; i < hi; i++) {
      const e = a[i] as EngineEvent;
      let j = i - 1;
      while (j >= lo && compareEvents(a[j] as EngineEvent, e) > 0) {
        a[j + 1] = a[j] as EngineEvent;
        j--;
      }
      a[j + 1] = e;
    }
    return;
  }
  const mid = (lo + hi) >>> 1;
  mergeSort(a, tmp, lo, mid);
  mergeSort(a, tmp, mid, hi);
  if (compareEvents(a[mid - 1] as EngineEvent, a[mid] as EngineEvent) <= 0) return;
  for (let i = lo; i < hi; i++) tmp[i] = a[i] as EngineEvent;
  let i = lo;
  let j = mid;
  for (let k = lo; k < hi; k++) {
    // Left first on ties: stable.
    if (j >= hi || (i < mid && compareEvents(tmp[i] as EngineEvent, tmp[j] as EngineEvent) <= 0))
      a[k] = tmp[i++] as EngineEvent;
    else a[k] = tmp[j++] as EngineEvent;
  }
}

/** True when `e` is ordered strictly before an event of `type` at `time`. */
export function isBefore(e: EngineEvent, time: number, type: string): boolean {
  return e.time < time || (e.time === time && rank(e) < sequenceOf(type));
}

/** True when `e` is ordered strictly after an event of `type` at `time`. */
export function isAfter(e: EngineEvent, time: number, type: string): boolean {
  return e.time > time || (e.time === time && rank(e) > sequenceOf(type));
}
