import type { ContractTerms } from '../terms/types.js';
import type { Conventions } from '../engine/conventions.js';
import { emptyState, lifecycleModule } from '../engine/lifecycle.js';
import { roleSign } from '../engine/role.js';
import type { EngineEvent } from '../engine/types.js';
import { applyTermination, purchaseEvents } from './common/schedules.js';

function schedule(terms: ContractTerms, conv: Conventions): EngineEvent[] {
  return applyTermination(terms, conv, purchaseEvents(terms, conv));
}

/** COM: a commodity position of `quantity` units, bought at PRD and sold at TD. */
export const com = lifecycleModule('COM', {
  schedule,
  initialState: (terms) => emptyState(terms),
  apply(e, _s, terms) {
    const sign = roleSign(terms.contractRole);
    const quantity = terms.quantity ?? 1;
    if (e.type === 'PRD') return -sign * (terms.priceAtPurchaseDate ?? 0) * quantity;
    if (e.type === 'TD') return sign * (terms.priceAtTerminationDate ?? 0) * quantity;
    return 0;
  },
});
