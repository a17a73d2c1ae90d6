import type { Time } from '../time/datetime.js';
import { addPeriod } from '../time/cycle.js';
import { createSchedule } from '../time/schedule.js';
import type { ContractTerms } from '../terms/types.js';
import type { Conventions } from '../engine/conventions.js';
import { emptyState, runLifecycle, type Lifecycle } from '../engine/lifecycle.js';
import { roleSign } from '../engine/role.js';
import { isAfter } from '../engine/sequence.js';
import {
  EngineError,
  type ContractModule,
  type ContractState,
  type EngineContext,
  type EngineEvent,
} from '../engine/types.js';
import { coveredMaturity, CoveredExposure, structureOf, triggeringCreditEvent } from './ceg-exposure.js';
import { purchaseEvents } from './common/schedules.js';
import { unshiftedEvent } from './optns.js';

function maturityOf(terms: ContractTerms): Time {
  const md = terms.maturityDate ?? coveredMaturity(structureOf(terms));
  if (md === undefined)
    throw new EngineError('maturityDate', 'MISSING_TERM', 'maturityDate is required when no covered contract has one');
  return md;
}

/** Fee payments from the fee anchor (or one cycle after purchase) to the end of cover. */
function feeSchedule(terms: ContractTerms, conv: Conventions, end: Time): EngineEvent[] {
  if (!terms.feeRate || terms.cycleOfFee === undefined) return [];
  const start =
    terms.cycleAnchorDateOfFee ??
    (terms.purchaseDate === undefined ? undefined : addPeriod(terms.purchaseDate, terms.cycleOfFee));
  if (start === undefined) return [];
  return createSchedule(start, end, terms.cycleOfFee, terms.endOfMonthConvention, true).map((t) => conv.event(t, 'FP'));
}

/**
 * Exercise on a credit event at its (unadjusted) time, settlement a settlement period
 * later on a business day; cover, fees and maturity after the exercise fall away.
 */
export function exerciseEvents(terms: ContractTerms, conv: Conventions, xd: Time): EngineEvent[] {
  const settlement = terms.settlementPeriod ? addPeriod(xd, terms.settlementPeriod) : xd;
  return [unshiftedEvent(conv, xd, 'XD'), conv.event(settlement, 'STD')];
}

function schedule(terms: ContractTerms, conv: Conventions, ctx: EngineContext): EngineEvent[] {
  const md = maturityOf(terms);
  const trigger = triggeringCreditEvent(terms, structureOf(terms), md, ctx);
  const xd = terms.exerciseDate ?? trigger?.time;
  let events = [
    ...purchaseEvents(terms, conv),
    ...feeSchedule(terms, conv, terms.exerciseDate ?? md),
    unshiftedEvent(conv, md, 'MD'),
  ];
  if (xd === undefined) return events;
  events = events.filter((e) => e.type === 'PRD' || !isAfter(e, xd, 'XD'));
  return [...events.filter((e) => e.type !== 'MD'), ...exerciseEvents(terms, conv, xd)];
}

/** Fee accrued from the last fee date to t: a share of the period's flat fee, or a rate on the cover. */
function feeAccrual(s: ContractState, terms: ContractTerms, conv: Conventions, t: Time): number {
  if (!terms.feeRate) return 0;
  if (terms.feeBasis === 'A') {
    if (terms.cycleOfFee === undefined) return 0;
    const period = conv.yearFraction(s.statusDate, addPeriod(s.statusDate, terms.cycleOfFee));
    return (roleSign(terms.contractRole) * terms.feeRate * conv.yearFraction(s.statusDate, t)) / period;
  }
  return conv.yearFraction(s.statusDate, t) * s.notionalPrincipal * terms.feeRate;
}

function guaranteeLifecycle(exposure: CoveredExposure): Lifecycle {
  const cover = (terms: ContractTerms, t: Time): number =>
    terms.notionalPrincipal === undefined
      ? exposure.at(t)
      : (terms.coverageOfCreditEnhancement ?? 1) * roleSign(terms.contractRole) * terms.notionalPrincipal;
  const initialState = (terms: ContractTerms): ContractState => {
    const s = emptyState(terms);
    s.notionalPrincipal = terms.statusDate > maturityOf(terms) ? 0 : cover(terms, terms.statusDate);
    s.exerciseAmount = terms.exerciseAmount ?? 0;
    s.exerciseDate = terms.exerciseDate;
    s.feeAccrued = terms.feeAccrued ?? 0;
    return s;
  };
  const apply = (e: EngineEvent, s: ContractState, terms: ContractTerms, conv: Conventions): number => {
    const t = e.calcTime;
    const sign = roleSign(terms.contractRole);
    let payoff = 0;
    switch (e.type) {
      case 'PRD':
        s.notionalPrincipal = cover(terms, t);
        payoff = -sign * (terms.priceAtPurchaseDate ?? 0);
        break;
      case 'FP':
        payoff = terms.feeBasis === 'A' ? sign * (terms.feeRate ?? 0) : s.feeAccrued + feeAccrual(s, terms, conv, t);
        s.notionalPrincipal = cover(terms, t);
        s.feeAccrued = 0;
        break;
      case 'XD':
        s.notionalPrincipal = cover(terms, t);
        s.exerciseAmount = s.notionalPrincipal;
        s.exerciseDate = t;
        s.feeAccrued += feeAccrual(s, terms, conv, t);
        break;
      case 'STD':
        payoff = (s.exerciseAmount ?? 0) + s.feeAccrued;
        s.notionalPrincipal = 0;
        s.feeAccrued = 0;
        return payoff;
      case 'MD':
        s.notionalPrincipal = 0;
        break;
      default:
        break;
    }
    s.statusDate = t;
    return payoff;
  };
  return { schedule, initialState, apply };
}

/** CEG: guarantee paying the covered exposure when a covered credit event occurs. */
export const ceg: ContractModule = {
  contractType: 'CEG',
  evaluate: (terms, ctx) =>
    runLifecycle(guaranteeLifecycle(new CoveredExposure(terms, structureOf(terms), ctx)), terms, ctx),
};
