import type { Time } from '../../time/datetime.js';
import type { Cycle } from '../../time/cycle.js';
import { createSchedule } from '../../time/schedule.js';
import type { ContractTerms } from '../../terms/types.js';
import type { Conventions } from '../../engine/conventions.js';
import { isAfter, isBefore, sortEvents } from '../../engine/sequence.js';
import { newEvent, type EngineEvent } from '../../engine/types.js';

/**
 * A cycle's anchor: the given anchor date, else IED when a cycle is set (the reference
 * implementation's default; the first cycle date then coincides with IED).
 */
export function anchorOf(anchor: Time | undefined, cycle: Cycle | undefined, ied: Time | undefined): Time | undefined {
  if (anchor !== undefined) return anchor;
  if (cycle === undefined) return undefined;
  return ied;
}

/** Scheduled events of one type over [anchor, end] (end included when addEnd). */
export function cycleEvents(
  conv: Conventions,
  terms: ContractTerms,
  anchor: Time | undefined,
  cycle: Cycle | undefined,
  end: Time,
  type: string,
  addEnd: boolean,
): EngineEvent[] {
  if (anchor === undefined) return addEnd ? [conv.event(end, type)] : [];
  const times = createSchedule(anchor, end, cycle, terms.endOfMonthConvention, addEnd);
  // A loop rather than map with a closure (a closure per call, a call per date).
  const events: EngineEvent[] = [];
  for (let i = 0; i < times.length; i++) events.push(conv.event(times[i] as Time, type));
  return events;
}

/** Rate reset events (RR), with the first one after the status date fixed (RRF) when RRNXT is set. */
export function rateResetEvents(terms: ContractTerms, conv: Conventions, end: Time): EngineEvent[] {
  if (terms.cycleAnchorDateOfRateReset === undefined && terms.cycleOfRateReset === undefined) return [];
  const anchor = anchorOf(terms.cycleAnchorDateOfRateReset, terms.cycleOfRateReset, terms.initialExchangeDate);
  const events = cycleEvents(conv, terms, anchor, terms.cycleOfRateReset, end, 'RR', false);
  if (terms.nextResetRate !== undefined) {
    const first = sortEvents(events).find((e) => isAfter(e, terms.statusDate, 'AD'));
    if (first) first.type = 'RRF';
  }
  return events;
}

/** Fee payment events (FP) when a fee cycle is set. */
export function feeEvents(terms: ContractTerms, conv: Conventions, end: Time): EngineEvent[] {
  if (terms.cycleOfFee === undefined && terms.cycleAnchorDateOfFee === undefined) return [];
  const anchor = anchorOf(terms.cycleAnchorDateOfFee, terms.cycleOfFee, terms.initialExchangeDate);
  return cycleEvents(conv, terms, anchor, terms.cycleOfFee, end, 'FP', true);
}

/** Scaling index fixing events (SC) when a scaling effect is set. */
export function scalingEvents(terms: ContractTerms, conv: Conventions, end: Time): EngineEvent[] {
  const effect = terms.scalingEffect;
  if (effect === undefined || effect === '000') return [];
  const anchor = anchorOf(terms.cycleAnchorDateOfScalingIndex, terms.cycleOfScalingIndex, terms.initialExchangeDate);
  return cycleEvents(conv, terms, anchor, terms.cycleOfScalingIndex, end, 'SC', false);
}

/**
 * A trade event (PRD, TD) on its stated date: the standard and the reference engine do
 * not move purchase and termination dates by the business-day convention.
 */
export function tradeDateEvent(terms: ContractTerms, t: Time, type: 'PRD' | 'TD'): EngineEvent {
  return newEvent(t, t, type, terms.currency ?? '');
}

/** Applies a termination date: events ordered after TD disappear and a TD event is added. */
export function applyTermination(terms: ContractTerms, _conv: Conventions, events: EngineEvent[]): EngineEvent[] {
  const td = terms.terminationDate;
  if (td === undefined) return events;
  const termination = tradeDateEvent(terms, td, 'TD');
  // A loop rather than filter with a closure: this runs for every terminated contract,
  // and for the small ones (commodities, options) it was a third of their time.
  const kept: EngineEvent[] = [];
  for (let i = 0; i < events.length; i++) {
    const e = events[i] as EngineEvent;
    if (!isAfter(e, td, 'TD')) kept.push(e);
  }
  kept.push(termination);
  return kept;
}

/** IED on its stated date (data dictionary, businessDayConvention: non-cyclical dates are not shifted). */
export function initialExchangeEvents(terms: ContractTerms, conv: Conventions): EngineEvent[] {
  return terms.initialExchangeDate === undefined ? [] : [conv.fixed(terms.initialExchangeDate, 'IED')];
}

/**
 * MD: a given maturity date stays on its date; a maturity the engine derives (no MD
 * term) is a schedule date and is shifted like the redemptions before it.
 */
export function maturityEvent(terms: ContractTerms, conv: Conventions, md: Time): EngineEvent {
  return terms.maturityDate !== undefined ? conv.fixed(md, 'MD') : conv.event(md, 'MD');
}

/**
 * Events the convention shifts past the maturity event (a last IP or FP on a weekend
 * maturity under a following convention) are dropped, as the reference does: the MD
 * event settles the interest and fees accrued to maturity instead (see transitions.ts),
 * so nothing is paid twice or lost.
 */
export function dropAfterMaturity(events: EngineEvent[], maturity: EngineEvent): EngineEvent[] {
  let late = false;
  for (const e of events) if (isAfter(e, maturity.time, 'MD')) late = true;
  return late ? events.filter((e) => !isAfter(e, maturity.time, 'MD')) : events;
}

/** Purchase event (PRD) when a purchase date is set. */
export function purchaseEvents(terms: ContractTerms, _conv: Conventions): EngineEvent[] {
  return terms.purchaseDate === undefined ? [] : [tradeDateEvent(terms, terms.purchaseDate, 'PRD')];
}

export { isBefore };
