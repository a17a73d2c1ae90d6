import { newEvent, type EngineEvent } from '../engine/types.js';

/** One settlement amount for two legs' events of the same type at the same time. */
function netEvent(a: EngineEvent, b: EngineEvent, contractId: string): EngineEvent {
  const e = newEvent(a.time, a.calcTime, a.type, a.currency, a.scheduleTime);
  e.contractId = contractId;
  e.payoff = a.payoff + b.payoff;
  e.notionalPrincipal = (a.notionalPrincipal ?? 0) + (b.notionalPrincipal ?? 0);
  e.accruedInterest = (a.accruedInterest ?? 0) + (b.accruedInterest ?? 0);
  return e;
}

/** Exchanges that happen once per leg (IED, MD) net only when both legs have them at the same time. */
function netSingle(first: EngineEvent[], second: EngineEvent[], type: string, contractId: string): EngineEvent[] {
  const a = first.find((e) => e.type === type);
  const b = second.find((e) => e.type === type);
  return a && b && a.time === b.time ? [netEvent(a, b, contractId)] : [];
}

/** Periodic payments (PR, IP) net pairwise by time; unmatched ones settle as they are. */
function netPeriodic(first: EngineEvent[], second: EngineEvent[], type: string, contractId: string): EngineEvent[] {
  const a = first.filter((e) => e.type === type);
  const b = second.filter((e) => e.type === type);
  const byTime = new Map<number, EngineEvent>();
  for (const e of b) if (!byTime.has(e.time)) byTime.set(e.time, e);
  const netted: EngineEvent[] = [];
  const unmatched: EngineEvent[] = [];
  const used = new Set<EngineEvent>();
  for (const e of a) {
    const other = byTime.get(e.time);
    if (other && !used.has(other)) {
      used.add(other);
      netted.push(netEvent(e, other, contractId));
    } else unmatched.push(e);
  }
  return [...netted, ...unmatched, ...b.filter((e) => !used.has(e))];
}

/**
 * Cash settlement of a two-leg swap (reference behaviour): only principal exchanges
 * and payments settle; congruent ones net into one amount with the summed notional
 * and accrual (rate 0), other leg events (resets, fixings) are not reported.
 */
export function netLegs(first: EngineEvent[], second: EngineEvent[], contractId: string): EngineEvent[] {
  return [
    ...netSingle(first, second, 'IED', contractId),
    ...netSingle(first, second, 'MD', contractId),
    ...netPeriodic(first, second, 'PR', contractId),
    ...netPeriodic(first, second, 'IP', contractId),
  ];
}
