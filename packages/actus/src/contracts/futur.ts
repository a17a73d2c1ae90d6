import type { ContractTerms } from '../terms/types.js';
import { exerciseModule } from './optns.js';

/** A future's settlement value per unit: underlying price less the agreed futures price. */
export function futureValue(terms: ContractTerms, price: number): number {
  return price - (terms.futuresPrice ?? 0);
}

/** FUTUR: future on an underlying's price, cash settled (same lifecycle as OPTNS). */
export const futur = exerciseModule('FUTUR', futureValue);
