import type { Time } from '../time/datetime.js';
import type { ContractReference, ContractTerms } from '../terms/types.js';
import { conventionsOf } from '../engine/conventions.js';
import { roleSign } from '../engine/role.js';
import { EngineError, type EngineContext, type EngineEvent, type ObservedEvent } from '../engine/types.js';

/** A child of a credit enhancement: its identifier and, when given in full, its terms. */
export interface CoveredContract {
  id: string;
  role: string;
  terms: ContractTerms | undefined;
  marketObjectCode: string | undefined;
}

function toCovered(ref: ContractReference): CoveredContract {
  const object = ref.object as Partial<ContractTerms> & { contractIdentifier?: string; marketObjectCode?: string };
  const terms = object.contractType === undefined ? undefined : (object as ContractTerms);
  const id = terms?.contractID ?? object.contractIdentifier ?? '';
  return { id, role: ref.referenceRole, terms, marketObjectCode: object.marketObjectCode };
}

export function structureOf(terms: ContractTerms): CoveredContract[] {
  return (terms.contractStructure ?? []).map(toCovered);
}

/** Latest maturity among the covered (COVE) contracts given with full terms. */
export function coveredMaturity(children: CoveredContract[]): Time | undefined {
  let latest: Time | undefined;
  for (const c of children) {
    const md = c.terms?.maturityDate;
    if (c.role === 'COVE' && md !== undefined && (latest === undefined || md > latest)) latest = md;
  }
  return latest;
}

/**
 * The first observed credit event that triggers the enhancement: raised by one of its
 * children, of a covered performance type, not after maturity.
 */
export function triggeringCreditEvent(
  terms: ContractTerms,
  children: CoveredContract[],
  maturity: Time | undefined,
  ctx: EngineContext,
): ObservedEvent | undefined {
  const ids = new Set(children.map((c) => c.id));
  const covered = terms.creditEventTypeCovered ?? ['DF'];
  const triggers = ctx.observedEvents.filter(
    (o) =>
      o.type === 'CE' &&
      ids.has(o.contractId) &&
      covered.includes(String(o.states.contractPerformance ?? '')) &&
      (maturity === undefined || o.time <= maturity),
  );
  return triggers.sort((a, b) => a.time - b.time)[0];
}

/** Position of a child at time t: principal and interest accrued up to t. */
interface Position {
  notional: number;
  accrued: number;
}

/**
 * Exposure of the covered contracts over time. Each child is evaluated once through
 * the engine; its position at t is its last event at or before t plus interest accrued
 * since, as an analysis event at t would report.
 */
export class CoveredExposure {
  private readonly evaluated = new Map<CoveredContract, EngineEvent[]>();

  constructor(
    private readonly terms: ContractTerms,
    private readonly children: CoveredContract[],
    private readonly ctx: EngineContext,
  ) {}

  private eventsOf(c: CoveredContract): EngineEvent[] {
    let events = this.evaluated.get(c);
    if (!events) {
      const child = c.terms as ContractTerms;
      events = this.ctx.evaluate({ ...child, contractRole: child.contractRole ?? 'RPA' });
      this.evaluated.set(c, events);
    }
    return events;
  }

  positionAt(c: CoveredContract, t: Time): Position {
    let last: EngineEvent | undefined;
    for (const e of this.eventsOf(c)) {
      if (e.time > t) break;
      last = e;
    }
    if (!last) return { notional: 0, accrued: 0 };
    const notional = last.notionalPrincipal ?? 0;
    const base = last.interestCalculationBaseAmount || notional;
    const years = conventionsOf(c.terms as ContractTerms).yearFraction(last.calcTime, t);
    return { notional, accrued: (last.accruedInterest ?? 0) + years * (last.nominalInterestRate ?? 0) * base };
  }

  /**
   * Guaranteed amount at t: coverage x role sign x the covered exposure, which is the
   * notional (NO, the default), notional plus accrued interest (NI), or the market
   * value of the covered contracts' market object codes (MV).
   */
  at(t: Time): number {
    const basis = this.terms.guaranteedExposure ?? 'NO';
    let sum = 0;
    let counted = 0;
    for (const c of this.children) {
      if (c.role !== 'COVE') continue;
      const code = c.terms?.marketObjectCode ?? c.marketObjectCode;
      if (basis === 'MV' && code !== undefined) sum += (c.terms?.quantity ?? 1) * this.ctx.observe(code, t);
      else if (c.terms !== undefined) {
        const p = this.positionAt(c, t);
        sum += p.notional + (basis === 'NI' ? p.accrued : 0);
      } else continue;
      counted++;
    }
    if (counted === 0) {
      throw new EngineError(
        'notionalPrincipal',
        'MISSING_TERM',
        'notionalPrincipal is required when no covered contract is given with its terms',
      );
    }
    return (this.terms.coverageOfCreditEnhancement ?? 1) * roleSign(this.terms.contractRole) * sum;
  }

  /** Market value of the covering (COVI) contracts at t: quantity x observed price, else notional. */
  collateralAt(t: Time): number {
    let sum = 0;
    for (const c of this.children) {
      if (c.role !== 'COVI') continue;
      const code = c.terms?.marketObjectCode ?? c.marketObjectCode;
      if (code !== undefined) sum += (c.terms?.quantity ?? 1) * this.ctx.observe(code, t);
      else if (c.terms !== undefined) sum += Math.abs(this.positionAt(c, t).notional);
    }
    return sum;
  }
}
