import { EngineError } from './errors.js';

/** Default maximum number of events one `generateEvents` call may build (children of composites included). */
export const DEFAULT_MAX_EVENTS = 100_000;

/**
 * Inner-loop steps (schedule dates computed, annuity terms summed, days counted under
 * B/252, business-day shifts) allowed per event of the budget: bounds the running time
 * of an evaluation, not only its size.
 */
export const WORK_PER_EVENT = 100;

// The engine is synchronous and not re-entrant, so one meter per call is enough; it is
// saved and restored around each call anyway (a calendar callback could call the engine).
let maxEvents = DEFAULT_MAX_EVENTS;
let events = 0;
let work = 0;

export interface BudgetState {
  maxEvents: number;
  events: number;
  work: number;
}

// Whether a budget is running: only a nested call (a calendar callback calling the engine)
// has a previous budget to save, so the usual top-level call allocates nothing.
let active = false;

/**
 * Starts a fresh budget for one public call; returns the previous one for
 * {@link restoreBudget} (undefined when no budget was running).
 */
export function startBudget(limit: number): BudgetState | undefined {
  const previous = active ? { maxEvents, events, work } : undefined;
  active = true;
  maxEvents = limit;
  events = 0;
  work = 0;
  return previous;
}

export function restoreBudget(previous: BudgetState | undefined): void {
  if (previous === undefined) {
    active = false;
    return;
  }
  maxEvents = previous.maxEvents;
  events = previous.events;
  work = previous.work;
}

function tooLong(what: string): EngineError {
  return new EngineError(
    'maxEvents',
    'SCHEDULE_TOO_LONG',
    `${what} exceeds the engine's budget of ${maxEvents.toLocaleString('en-US')} events (option maxEvents)`,
  );
}

/** Counts one event built; refuses once the budget is spent. */
export function chargeEvent(): void {
  if (++events > maxEvents) throw tooLong('The contract schedule');
}

/**
 * Refuses a schedule of `count` dates before it is built (count computed arithmetically),
 * and charges it as work.
 */
export function chargeSchedule(count: number): void {
  if (!(count <= maxEvents)) throw tooLong(`A schedule of ${Number.isFinite(count) ? count : 'unbounded'} dates`);
  chargeWork(count);
}

/** Charges `steps` inner-loop steps; refuses once they exceed WORK_PER_EVENT x maxEvents. */
export function chargeWork(steps: number): void {
  work += steps;
  if (!(work <= maxEvents * WORK_PER_EVENT)) throw tooLong('The computation');
}
