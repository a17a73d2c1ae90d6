import type { ContractModule } from '../engine/types.js';
import { pam } from './pam.js';
import { ann } from './ann.js';
import { lam } from './lam.js';
import { nam } from './nam.js';
import { stk } from './stk.js';
import { clm } from './clm.js';
import { ump } from './ump.js';
import { csh } from './csh.js';
import { com } from './com.js';
import { lax } from './lax.js';
import { swppv } from './swppv.js';
import { fxout } from './fxout.js';
import { optns } from './optns.js';
import { futur } from './futur.js';
import { swaps } from './swaps.js';
import { capfl } from './capfl.js';
import { ceg } from './ceg.js';
import { cec } from './cec.js';

/**
 * The contract types the engine evaluates. To add a type, write its module in this
 * folder (see README.md) and list it here.
 */
const MODULES: ContractModule[] = [
  swppv,
  fxout,
  optns,
  futur,
  swaps,
  capfl,
  ceg,
  cec,
  pam,
  ann,
  lam,
  nam,
  stk,
  clm,
  ump,
  csh,
  com,
  lax,
];

const registry = new Map<string, ContractModule>(MODULES.map((m) => [m.contractType, m]));

export function getContractModule(contractType: string): ContractModule | undefined {
  return registry.get(contractType);
}

export function supportedContractTypes(): string[] {
  return [...registry.keys()];
}
