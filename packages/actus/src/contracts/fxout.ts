import type { Time } from '../time/datetime.js';
import { addPeriod } from '../time/cycle.js';
import type { ContractTerms } from '../terms/types.js';
import type { Conventions } from '../engine/conventions.js';
import { emptyState, lifecycleModule, type Lifecycle } from '../engine/lifecycle.js';
import { roleSign } from '../engine/role.js';
import type { ContractState, EngineContext, EngineEvent } from '../engine/types.js';
import { purchaseEvents, tradeDateEvent } from './common/schedules.js';

/** Market object code of the exchange rate: units of CUR per unit of CUR2. */
export const fxRateCode = (terms: ContractTerms): string => `${terms.currency2 ?? ''}/${terms.currency ?? ''}`;

/**
 * Settlement: both gross amounts at maturity (delivery, the default), or one net
 * amount in CUR a settlement period after maturity. A termination date replaces
 * settlement altogether.
 */
function schedule(terms: ContractTerms, conv: Conventions): EngineEvent[] {
  const events = purchaseEvents(terms, conv);
  if (terms.terminationDate !== undefined) {
    events.push(tradeDateEvent(terms, terms.terminationDate, 'TD'));
    return events;
  }
  const md = terms.maturityDate as Time;
  if (terms.deliverySettlement === 'S') {
    const settlement = terms.settlementPeriod ? addPeriod(md, terms.settlementPeriod) : md;
    const std = conv.event(settlement, 'STD');
    std.calcTime = md;
    events.push(std);
  } else {
    const second = conv.event(md, 'MD');
    second.currency = terms.currency2 ?? '';
    events.push(conv.event(md, 'MD'), second);
  }
  return events;
}

function initialState(terms: ContractTerms): ContractState {
  return emptyState(terms);
}

/** Payoff of one FXOUT event; every state stays zero. */
function apply(e: EngineEvent, s: ContractState, terms: ContractTerms, _conv: Conventions, ctx: EngineContext): number {
  const sign = roleSign(terms.contractRole);
  s.statusDate = e.calcTime;
  switch (e.type) {
    case 'PRD':
      return -sign * (terms.priceAtPurchaseDate ?? 0);
    case 'TD':
      // The reference implementation pays the termination price without a role sign.
      return terms.priceAtTerminationDate ?? 0;
    case 'MD':
      return e.currency === terms.currency
        ? sign * (terms.notionalPrincipal ?? 0)
        : -sign * (terms.notionalPrincipal2 ?? 0);
    case 'STD': {
      // The rate is fixed at maturity (the STD calculation time), not at payment.
      const rate = ctx.observe(fxRateCode(terms), e.calcTime);
      return sign * ((terms.notionalPrincipal ?? 0) - rate * (terms.notionalPrincipal2 ?? 0));
    }
    default:
      return 0;
  }
}

const lifecycle: Lifecycle = { schedule, initialState, apply };

/** FXOUT: foreign exchange outright (forward or spot exchange of two currencies). */
export const fxout = lifecycleModule('FXOUT', lifecycle);
