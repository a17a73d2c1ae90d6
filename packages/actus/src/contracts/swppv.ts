import type { Time } from '../time/datetime.js';
import type { ContractTerms } from '../terms/types.js';
import type { Conventions } from '../engine/conventions.js';
import { emptyState, lifecycleModule, type Lifecycle } from '../engine/lifecycle.js';
import { roleSign } from '../engine/role.js';
import type { ContractState, EngineContext, EngineEvent } from '../engine/types.js';
import { anchorOf, applyTermination, cycleEvents, purchaseEvents } from './common/schedules.js';
import { resetRate } from './common/interest.js';
import { initialAccrual } from './pam.js';

/**
 * SWPPV state beyond the common fields: the fixed leg accrues in `accruedInterest`,
 * the floating leg in `accruedInterest2` (with the sign of the floating cash flow),
 * `nominalInterestRate` is the floating rate. The last interest period is kept so
 * that IPFL, evaluated after IPFX at the same time, pays the same period.
 */
interface SwapState extends ContractState {
  accruedInterest2: number;
  lastInterestPeriod: number;
}

const isNetSettled = (terms: ContractTerms): boolean => terms.deliverySettlement === 'S';

function schedule(terms: ContractTerms, conv: Conventions): EngineEvent[] {
  const md = terms.maturityDate as Time;
  const events: EngineEvent[] = [...purchaseEvents(terms, conv)];
  if (terms.initialExchangeDate !== undefined) events.push(conv.fixed(terms.initialExchangeDate, 'IED'));
  events.push(conv.fixed(md, 'MD'));
  const ipAnchor = anchorOf(
    terms.cycleAnchorDateOfInterestPayment,
    terms.cycleOfInterestPayment,
    terms.initialExchangeDate,
  );
  if (isNetSettled(terms))
    events.push(...cycleEvents(conv, terms, ipAnchor, terms.cycleOfInterestPayment, md, 'IP', true));
  else {
    // Built with conv.event (not spread copies) so every event keeps one object shape.
    events.push(...cycleEvents(conv, terms, ipAnchor, terms.cycleOfInterestPayment, md, 'IPFX', true));
    events.push(...cycleEvents(conv, terms, ipAnchor, terms.cycleOfInterestPayment, md, 'IPFL', true));
  }
  if (terms.cycleAnchorDateOfRateReset !== undefined || terms.cycleOfRateReset !== undefined) {
    const rrAnchor = anchorOf(terms.cycleAnchorDateOfRateReset, terms.cycleOfRateReset, terms.initialExchangeDate);
    events.push(...cycleEvents(conv, terms, rrAnchor, terms.cycleOfRateReset, md, 'RR', false));
  }
  return applyTermination(terms, conv, events);
}

/**
 * State of a swap already running at the status date: accruals since the last payment
 * date (or the given accrued terms, signed by the role), floating rate IPNR2.
 */
function initialState(terms: ContractTerms, conv: Conventions): SwapState {
  // Assigned onto the fresh state (no spread copy): one object shape, no intermediate object.
  const state = emptyState(terms) as SwapState;
  state.accruedInterest2 = 0;
  state.lastInterestPeriod = 0;
  const ied = terms.initialExchangeDate;
  if (ied !== undefined && ied > terms.statusDate) return state;
  const sign = roleSign(terms.contractRole);
  const notional = sign * (terms.notionalPrincipal ?? 0);
  const given2 = terms.accruedInterest2 as number | undefined;
  const fixed =
    terms.accruedInterest === undefined
      ? initialAccrual(terms, conv, notional, terms.nominalInterestRate ?? 0)
      : sign * terms.accruedInterest;
  const floating =
    given2 === undefined
      ? -initialAccrual(terms, conv, notional, terms.nominalInterestRate2 ?? 0, false)
      : sign * given2;
  state.notionalPrincipal = notional;
  state.nominalInterestRate = terms.nominalInterestRate2 ?? 0;
  if (isNetSettled(terms)) state.accruedInterest = fixed + floating;
  else {
    state.accruedInterest = fixed;
    state.accruedInterest2 = floating;
  }
  return state;
}

/** Fixed-leg interest on the state's notional over a year fraction. */
const fixedLeg = (s: SwapState, terms: ContractTerms, yf: number): number =>
  yf * (terms.nominalInterestRate ?? 0) * s.notionalPrincipal;
/** Floating-leg interest, signed as the floating cash flow (opposite to the notional). */
const floatingLeg = (s: SwapState, yf: number): number => -yf * s.nominalInterestRate * s.notionalPrincipal;

/**
 * Accrues both legs up to t and moves the status date. Under cash settlement the legs
 * net into `accruedInterest`; under physical delivery they accrue separately.
 */
function accrueLegs(s: SwapState, terms: ContractTerms, conv: Conventions, t: Time): void {
  const yf = conv.yearFraction(s.statusDate, t);
  if (isNetSettled(terms)) s.accruedInterest += fixedLeg(s, terms, yf) + floatingLeg(s, yf);
  else {
    s.accruedInterest += fixedLeg(s, terms, yf);
    s.accruedInterest2 += floatingLeg(s, yf);
  }
  s.statusDate = t;
}

function settle(s: SwapState, t: Time): void {
  s.notionalPrincipal = 0;
  s.accruedInterest = 0;
  s.accruedInterest2 = 0;
  s.statusDate = t;
}

/** Payoff and state transition of one SWPPV event. */
function apply(
  e: EngineEvent,
  state: ContractState,
  terms: ContractTerms,
  conv: Conventions,
  ctx: EngineContext,
): number {
  const s = state as SwapState;
  const t = e.calcTime;
  const sign = roleSign(terms.contractRole);
  switch (e.type) {
    case 'IED':
      s.notionalPrincipal = sign * (terms.notionalPrincipal ?? 0);
      s.nominalInterestRate = terms.nominalInterestRate2 ?? 0;
      s.accruedInterest = 0;
      s.accruedInterest2 = 0;
      s.statusDate = t;
      return 0;
    case 'IPFX': {
      s.lastInterestPeriod = conv.yearFraction(s.statusDate, t);
      const payoff = s.accruedInterest + fixedLeg(s, terms, s.lastInterestPeriod);
      s.accruedInterest = 0;
      s.statusDate = t;
      return payoff;
    }
    case 'IPFL': {
      const payoff = s.accruedInterest2 + floatingLeg(s, s.lastInterestPeriod);
      s.accruedInterest2 = 0;
      s.statusDate = t;
      return payoff;
    }
    case 'IP': {
      const yf = conv.yearFraction(s.statusDate, t);
      const payoff = s.accruedInterest + fixedLeg(s, terms, yf) + floatingLeg(s, yf);
      s.accruedInterest = 0;
      s.statusDate = t;
      return payoff;
    }
    case 'RR': {
      const rate = resetRate(s, terms, ctx, e.scheduleTime);
      accrueLegs(s, terms, conv, t);
      s.nominalInterestRate = rate;
      return 0;
    }
    case 'PRD':
      accrueLegs(s, terms, conv, t);
      return -sign * (terms.priceAtPurchaseDate ?? 0);
    case 'TD':
      settle(s, t);
      // The reference implementation pays the termination price without a role sign.
      return terms.priceAtTerminationDate ?? 0;
    case 'MD':
      settle(s, t);
      return 0;
    default:
      accrueLegs(s, terms, conv, t);
      return 0;
  }
}

const lifecycle: Lifecycle = { schedule, initialState, apply };

/** SWPPV: plain vanilla interest rate swap (fixed against floating on one notional). */
export const swppv = lifecycleModule('SWPPV', lifecycle);
