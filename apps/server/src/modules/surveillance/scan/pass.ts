import type { Db, Tx } from '../../../db/client';
import type { Detection, TradeFact } from '../rules';

/** What a group's pass knows besides its batch. */
export interface Pass {
  db: Db;
  /** The group's cursor before this batch: every trade up to it has been judged. */
  after: bigint;
  /** Runs once the pass's transaction has committed (in-process state that must not run ahead of it). */
  onCommit(fn: () => void): void;
}

export interface RuleGroup {
  name: string;
  lagMs: number;
  detect(tx: Tx, batch: TradeFact[], pass: Pass): Promise<Detection[]>;
}
