import { formatTime, parseTime, type Time } from '../time/datetime.js';
import type { ContractTerms, Result, TermProblem } from '../terms/types.js';
import { getContractModule } from '../contracts/index.js';
import { observeIn, toObservedEvents, toSeriesMap, type RawObservations, type Series } from './observations.js';
import { EngineError, type EngineContext, type EngineEvent, type ObservedEvent } from './types.js';

/** A computed event with its post-event state, as the platform consumes it. */
export interface ContractEvent {
  eventDate: string;
  eventType: string;
  payoff: number;
  currency: string;
  notionalPrincipal: number;
  nominalInterestRate: number;
  accruedInterest: number;
  feeAccrued: number;
  notionalScalingMultiplier: number;
  interestScalingMultiplier: number;
  nextPrincipalRedemptionPayment: number;
  interestCalculationBaseAmount: number;
  contractPerformance: string;
  exerciseDate?: string;
  exerciseAmount?: number;
  notionalPrincipal2?: number;
  nominalInterestRate2?: number;
  accruedInterest2?: number;
  contractId?: string;
}

export interface GenerateOptions {
  /** Horizon 'YYYY-MM-DDTHH:mm[:ss]': events after it are not generated. */
  to?: string;
  /**
   * Risk-factor observations: market object code -> time series. Treated as immutable:
   * it is normalized once per object and reused for later calls with the same object.
   */
  observations?: Record<string, { timestamp: string; value: number }[]>;
  /** Observed events (credit events, exercises, ...) in the official test-bed shape. */
  observedEvents?: unknown[];
}

class Context implements EngineContext {
  constructor(
    readonly to: Time | undefined,
    private readonly series: Map<string, Series>,
    readonly observedEvents: readonly ObservedEvent[],
  ) {}

  observe(code: string, time: Time): number {
    return observeIn(this.series, code, time);
  }

  hasObservations(code: string): boolean {
    return (this.series.get(code)?.times.length ?? 0) > 0;
  }

  evaluate(terms: ContractTerms, to?: Time): EngineEvent[] {
    const child = to === this.to ? this : new Context(to, this.series, this.observedEvents);
    return evaluateWith(terms, child);
  }
}

function evaluateWith(terms: ContractTerms, ctx: EngineContext): EngineEvent[] {
  const module = getContractModule(terms.contractType);
  if (!module)
    throw new EngineError('contractType', 'UNSUPPORTED', `Contract type ${terms.contractType} is not implemented`);
  return module.evaluate(terms, ctx);
}

function toContractEvent(e: EngineEvent): ContractEvent {
  const out: ContractEvent = {
    eventDate: formatTime(e.time),
    eventType: e.type,
    payoff: e.payoff,
    currency: e.currency,
    notionalPrincipal: e.notionalPrincipal ?? 0,
    nominalInterestRate: e.nominalInterestRate ?? 0,
    accruedInterest: e.accruedInterest ?? 0,
    feeAccrued: e.feeAccrued ?? 0,
    notionalScalingMultiplier: e.notionalScalingMultiplier ?? 1,
    interestScalingMultiplier: e.interestScalingMultiplier ?? 1,
    nextPrincipalRedemptionPayment: e.nextPrincipalRedemptionPayment ?? 0,
    interestCalculationBaseAmount: e.interestCalculationBaseAmount ?? 0,
    contractPerformance: e.contractPerformance ?? 'PF',
  };
  if (e.exerciseDate !== undefined) out.exerciseDate = formatTime(e.exerciseDate);
  if (e.exerciseAmount !== undefined) out.exerciseAmount = e.exerciseAmount;
  if (e.notionalPrincipal2 !== undefined) out.notionalPrincipal2 = e.notionalPrincipal2;
  if (e.nominalInterestRate2 !== undefined) out.nominalInterestRate2 = e.nominalInterestRate2;
  if (e.accruedInterest2 !== undefined) out.accruedInterest2 = e.accruedInterest2;
  if (e.contractId !== undefined) out.contractId = e.contractId;
  return out;
}

// Inputs are normalized once per caller object: a portfolio evaluated against the same
// market data does not re-parse it for every contract.
const seriesCache = new WeakMap<object, Map<string, Series>>();
const observedCache = new WeakMap<object, ObservedEvent[]>();
const NO_SERIES = new Map<string, Series>();

function seriesOf(raw: GenerateOptions['observations']): Map<string, Series> {
  if (!raw) return NO_SERIES;
  let map = seriesCache.get(raw);
  if (!map) {
    map = toSeriesMap(raw as RawObservations);
    seriesCache.set(raw, map);
  }
  return map;
}

function observedOf(raw: unknown[] | undefined): ObservedEvent[] {
  if (!raw || raw.length === 0) return [];
  let events = observedCache.get(raw);
  if (!events) {
    events = toObservedEvents(raw);
    observedCache.set(raw, events);
  }
  return events;
}

/**
 * Computes the contract's events from its status date (up to `options.to`), each with
 * its payoff and post-event state. Deterministic and free of I/O.
 */
export function generateEvents(
  terms: ContractTerms,
  options: GenerateOptions = {},
): Result<ContractEvent[], TermProblem[]> {
  let to: Time | undefined;
  if (options.to !== undefined && options.to.trim() !== '') {
    to = parseTime(options.to);
    if (to === undefined)
      return { ok: false, error: [{ term: 'to', code: 'INVALID_TYPE', message: 'to must be an ISO 8601 date-time' }] };
  }
  const ctx = new Context(to, seriesOf(options.observations), observedOf(options.observedEvents));
  try {
    return { ok: true, value: evaluateWith(terms, ctx).map(toContractEvent) };
  } catch (error) {
    if (error instanceof EngineError)
      return { ok: false, error: [{ term: error.term, code: error.code, message: error.message }] };
    throw error;
  }
}
