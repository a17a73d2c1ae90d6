import type { Time } from '../time/datetime.js';
import { BusinessDayAdjuster, type BusinessDayConvention } from '../time/business-day.js';
import { getCalendar, NO_CALENDAR, type BusinessCalendar } from '../time/calendar.js';
import { yearFraction, type DayCountConvention } from '../time/day-count.js';
import type { ContractTerms } from '../terms/types.js';
import { EngineError, newEvent, type EngineEvent } from './types.js';

/** The date conventions of one contract, resolved once per evaluation. */
export interface Conventions {
  readonly calendar: BusinessCalendar;
  readonly bdc: BusinessDayAdjuster;
  /** Year fraction under the contract's day count (30E360 when absent). */
  yearFraction(start: Time, end: Time): number;
  /** A scheduled event at an unadjusted time, shifted per the business-day convention. */
  event(t: Time, type: string): EngineEvent;
  /**
   * An event on a stated, non-cyclical date (IED, a given MD): the business-day convention
   * "does not affect non-cyclical dates", so it stays on its date; under SC* its
   * calculations still use the shifted date.
   */
  fixed(t: Time, type: string): EngineEvent;
  /** An event at exactly t for both ordering and calculation (derivatives' exercise and maturity). */
  unshifted(t: Time, type: string): EngineEvent;
  /**
   * Per-evaluation memo slots for contract modules (this object lives exactly one
   * evaluation): the amortizers' derived maturity and the annuity's redemption dates.
   * Fields of this object rather than WeakMaps keyed by it: a WeakMap entry per
   * evaluation left the garbage collector an ephemeron table of dead entries to walk,
   * which slowed every later evaluation of every contract type (COM 2.5x after LAM ran).
   */
  memoMaturity: Time | undefined;
  memoRedemptions: unknown;
}

// A class rather than closures: one evaluation creates one object and no functions.
class ContractConventions implements Conventions {
  memoMaturity: Time | undefined = undefined;
  memoRedemptions: unknown = undefined;

  constructor(
    readonly calendar: BusinessCalendar,
    readonly bdc: BusinessDayAdjuster,
    private readonly dayCount: DayCountConvention,
    private readonly maturity: Time | undefined,
    private readonly currency: string,
  ) {}

  yearFraction(start: Time, end: Time): number {
    return yearFraction(this.dayCount, start, end, this.maturity, this.calendar);
  }

  event(t: Time, type: string): EngineEvent {
    return newEvent(this.bdc.shiftEvent(t), this.bdc.shiftCalc(t), type, this.currency, t);
  }

  fixed(t: Time, type: string): EngineEvent {
    return newEvent(t, this.bdc.shiftCalc(t), type, this.currency, t);
  }

  unshifted(t: Time, type: string): EngineEvent {
    return newEvent(t, t, type, this.currency, t);
  }
}

// Adjusters are immutable: one per calendar object and convention, shared by all evaluations.
const adjusters = new WeakMap<BusinessCalendar, Map<string, BusinessDayAdjuster>>();

// The last adjuster looked up (most contracts of a portfolio share one calendar and convention).
let lastCalendar: BusinessCalendar | undefined;
let lastConvention = '';
let lastAdjuster: BusinessDayAdjuster | undefined;

function adjusterOf(convention: BusinessDayConvention, calendar: BusinessCalendar): BusinessDayAdjuster {
  if (calendar === lastCalendar && convention === lastConvention && lastAdjuster !== undefined) return lastAdjuster;
  lastAdjuster = adjusterFor(convention, calendar);
  lastCalendar = calendar;
  lastConvention = convention;
  return lastAdjuster;
}

function adjusterFor(convention: BusinessDayConvention, calendar: BusinessCalendar): BusinessDayAdjuster {
  let byConvention = adjusters.get(calendar);
  if (byConvention === undefined) {
    byConvention = new Map();
    adjusters.set(calendar, byConvention);
  }
  let adjuster = byConvention.get(convention);
  if (adjuster === undefined) {
    adjuster = new BusinessDayAdjuster(convention, calendar);
    byConvention.set(convention, adjuster);
  }
  return adjuster;
}

/**
 * The contract's calendar; an unknown name is the evaluation's problem (also for types
 * whose events no convention moves, so that every type refuses the same terms).
 */
export function calendarOf(terms: ContractTerms): BusinessCalendar {
  const calendar = getCalendar(terms.calendar);
  if (!calendar) throw new EngineError('calendar', 'UNKNOWN_CALENDAR', `No calendar registered as ${terms.calendar}`);
  return calendar;
}

export function conventionsOf(terms: ContractTerms): Conventions {
  const calendar = calendarOf(terms);
  const bdc = adjusterOf(terms.businessDayConvention ?? 'NOS', calendar ?? NO_CALENDAR);
  return new ContractConventions(
    calendar,
    bdc,
    terms.dayCountConvention ?? '30E360',
    terms.maturityDate,
    terms.currency ?? '',
  );
}
