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

export function sequenceOf(type: string): number {
  return EVENT_SEQUENCE[type] ?? 999;
}

function rank(e: EngineEvent): number {
  return e.sequence ?? sequenceOf(e.type);
}

/** Orders by time, then by event sequence; ties keep schedule order (stable sort). */
export function compareEvents(a: EngineEvent, b: EngineEvent): number {
  return a.time - b.time || rank(a) - rank(b);
}

export function sortEvents(events: EngineEvent[]): EngineEvent[] {
  // Small schedules (commodities, options, futures) often arrive in order: one pass to
  // check is much cheaper than Array.prototype.sort's setup for a handful of events.
  for (let i = 1; i < events.length; i++)
    if (compareEvents(events[i - 1] as EngineEvent, events[i] as EngineEvent) > 0) return events.sort(compareEvents);
  return events;
}

/** True when `e` is ordered strictly before an event of `type` at `time`. */
export function isBefore(e: EngineEvent, time: number, type: string): boolean {
  return e.time < time || (e.time === time && rank(e) < sequenceOf(type));
}

/** True when `e` is ordered strictly after an event of `type` at `time`. */
export function isAfter(e: EngineEvent, time: number, type: string): boolean {
  return e.time > time || (e.time === time && rank(e) > sequenceOf(type));
}
