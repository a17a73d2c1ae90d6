import type { ContractTerms } from '../terms/types.js';
import { roleSign } from '../engine/role.js';
import { isAfter, isBefore, sortEvents } from '../engine/sequence.js';
import { EngineError, newEvent, type ContractModule, type EngineContext, type EngineEvent } from '../engine/types.js';

function underlyingTerms(terms: ContractTerms): ContractTerms {
  const ref = (terms.contractStructure ?? []).find((r) => r.referenceRole === 'UDL');
  const object = ref?.object as ContractTerms | undefined;
  if (object?.contractType === undefined) {
    throw new EngineError(
      'contractStructure',
      'MISSING_UNDERLYING',
      'A cap/floor needs its underlying (UDL) given with full terms',
    );
  }
  // The underlying is valued from the lender's side; the cap/floor role signs the result.
  return { ...object, contractRole: 'RPA' };
}

function interestPayments(ctx: EngineContext, terms: ContractTerms): EngineEvent[] {
  return ctx.evaluate(terms).filter((e) => e.type === 'IP');
}

/** A cap/floor's own trade: purchase price paid, termination price received. */
function tradeEvent(terms: ContractTerms, t: number, type: 'PRD' | 'TD', price: number | undefined): EngineEvent {
  const payoff = (type === 'PRD' ? -1 : 1) * roleSign(terms.contractRole) * (price ?? 0);
  const e = newEvent(t, t, type, terms.currency ?? '');
  e.payoff = payoff;
  return e;
}

/**
 * CAPFL: the underlying's interest payments are computed twice, with and without the
 * life cap/floor on its resets; each payment date pays the difference to the holder.
 */
function evaluate(terms: ContractTerms, ctx: EngineContext): EngineEvent[] {
  const underlying = underlyingTerms(terms);
  const plain = interestPayments(ctx, underlying);
  const bounded = interestPayments(ctx, { ...underlying, lifeCap: terms.lifeCap, lifeFloor: terms.lifeFloor });
  const boundedAt = new Map(bounded.map((e) => [e.time, e]));
  const sign = roleSign(terms.contractRole);
  let events: EngineEvent[] = plain.map((e) => ({
    time: e.time,
    calcTime: e.calcTime,
    scheduleTime: e.scheduleTime,
    type: 'IP',
    currency: terms.currency ?? e.currency,
    payoff: sign * Math.abs(e.payoff - (boundedAt.get(e.time)?.payoff ?? e.payoff)),
    notionalPrincipal: 0,
    nominalInterestRate: 0,
    accruedInterest: 0,
  }));
  if (terms.purchaseDate !== undefined)
    events.push(tradeEvent(terms, terms.purchaseDate, 'PRD', terms.priceAtPurchaseDate));
  if (terms.terminationDate !== undefined) {
    const td = tradeEvent(terms, terms.terminationDate, 'TD', terms.priceAtTerminationDate);
    events = events.filter((e) => !isAfter(e, td.time, 'TD'));
    events.push(td);
  }
  const to = ctx.to;
  events = events.filter((e) => !isBefore(e, terms.statusDate, 'AD') && (to === undefined || !isAfter(e, to, 'AD')));
  sortEvents(events);
  const prd = terms.purchaseDate;
  return prd === undefined ? events : events.filter((e) => !isBefore(e, prd, 'PRD'));
}

export const capfl: ContractModule = { contractType: 'CAPFL', evaluate };
