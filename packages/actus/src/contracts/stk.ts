import type { ContractTerms } from '../terms/types.js';
import { SECONDS_PER_DAY } from '../time/datetime.js';
import type { Conventions } from '../engine/conventions.js';
import { emptyState, lifecycleModule } from '../engine/lifecycle.js';
import { roleSign } from '../engine/role.js';
import type { EngineContext, EngineEvent } from '../engine/types.js';
import { applyTermination, cycleEvents, purchaseEvents } from './common/schedules.js';

function schedule(terms: ContractTerms, conv: Conventions, ctx: EngineContext): EngineEvent[] {
  const events = purchaseEvents(terms, conv);
  const anchor = terms.cycleAnchorDateOfDividend;
  const end = terms.terminationDate ?? ctx.to;
  if (anchor !== undefined && end !== undefined) {
    // Dividend dates on the cycle up to and including the end.
    const cycle = terms.cycleOfDividend && { ...terms.cycleOfDividend, stub: 'short' as const };
    const dividends = cycleEvents(conv, terms, anchor, cycle, end + SECONDS_PER_DAY, 'DV', false);
    events.push(...dividends.filter((e) => e.calcTime <= end || e.time <= end));
  }
  return applyTermination(terms, conv, events);
}

/** STK: a stock position; dividends are observed per share under marketObjectCodeOfDividends. */
export const stk = lifecycleModule('STK', {
  schedule,
  initialState: (terms) => emptyState(terms),
  apply(e, _s, terms, _conv, ctx) {
    const sign = roleSign(terms.contractRole);
    if (e.type === 'PRD') return -sign * (terms.priceAtPurchaseDate ?? 0);
    if (e.type === 'TD') return sign * (terms.priceAtTerminationDate ?? 0);
    if (e.type === 'DV') {
      const code = terms.marketObjectCodeOfDividends;
      if (code !== undefined && ctx.hasObservations(code)) return sign * ctx.observe(code, e.scheduleTime);
      return sign * (terms.nextDividendPaymentAmount ?? 0);
    }
    return 0;
  },
});
