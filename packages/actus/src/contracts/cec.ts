import type { Time } from '../time/datetime.js';
import type { ContractTerms } from '../terms/types.js';
import type { Conventions } from '../engine/conventions.js';
import { emptyState, runLifecycle, type Lifecycle } from '../engine/lifecycle.js';
import {
  EngineError,
  type ContractModule,
  type ContractState,
  type EngineContext,
  type EngineEvent,
} from '../engine/types.js';
import { coveredMaturity, CoveredExposure, structureOf, triggeringCreditEvent } from './ceg-exposure.js';
import { exerciseEvents } from './ceg.js';
import { unshiftedEvent } from './optns.js';

function maturityOf(terms: ContractTerms): Time {
  const md = coveredMaturity(structureOf(terms));
  if (md === undefined)
    throw new EngineError(
      'contractStructure',
      'MISSING_COVERED',
      'A collateral needs a covered (COVE) contract with a maturity date',
    );
  return md;
}

/** Maturity of the covered contracts, or exercise and settlement on a covered credit event. */
function schedule(terms: ContractTerms, conv: Conventions, ctx: EngineContext): EngineEvent[] {
  const md = maturityOf(terms);
  const xd = terms.exerciseDate ?? triggeringCreditEvent(terms, structureOf(terms), md, ctx)?.time;
  if (xd === undefined) return [unshiftedEvent(conv, md, 'MD')];
  return exerciseEvents(terms, conv, xd);
}

function collateralLifecycle(exposure: CoveredExposure): Lifecycle {
  const initialState = (terms: ContractTerms): ContractState => {
    const s = emptyState(terms);
    s.notionalPrincipal = terms.statusDate > maturityOf(terms) ? 0 : exposure.at(terms.statusDate);
    s.exerciseAmount = terms.exerciseAmount ?? 0;
    s.exerciseDate = terms.exerciseDate;
    return s;
  };
  const apply = (e: EngineEvent, s: ContractState): number => {
    const t = e.calcTime;
    s.statusDate = t;
    switch (e.type) {
      case 'XD': {
        // The claim is the covered exposure, limited by what the collateral is worth.
        s.notionalPrincipal = exposure.at(t);
        const claim = Math.min(Math.abs(s.notionalPrincipal), exposure.collateralAt(t));
        s.exerciseAmount = Math.sign(s.notionalPrincipal) * claim;
        s.exerciseDate = t;
        return 0;
      }
      case 'STD':
        s.notionalPrincipal = 0;
        return s.exerciseAmount ?? 0;
      case 'MD':
        s.notionalPrincipal = 0;
        return 0;
      default:
        return 0;
    }
  };
  return { schedule, initialState, apply };
}

/** CEC: collateral securing covered contracts, realised on a covered credit event. */
export const cec: ContractModule = {
  contractType: 'CEC',
  evaluate: (terms, ctx) =>
    runLifecycle(collateralLifecycle(new CoveredExposure(terms, structureOf(terms), ctx)), terms, ctx),
};
