// The ledger's public API: the only file other modules import from `modules/ledger`.
// Money moves only through `post`, `settle`, `reserve`/`release` or a `LedgerBatch` passed
// to `commit`; all of them write through the one guarded statement in write.ts.
export {
  EXTERNAL_CASH_ACCOUNT,
  findUserAccount,
  findUserAccounts,
  getOrCreateAccount,
  getOrCreateUserAccount,
  issuanceAccountCode,
  userAccountCode,
} from './accounts';
export {
  AvailableCache,
  accountBalances,
  balanceKey,
  getBalance,
  lockAvailable,
  readAvailable,
  type BalanceKey,
  type BalanceState,
} from './balances';
export { LedgerBatch, checkBalanced, type JournalEntry, type JournalLine, type Settlement } from './batch';
export { distribute, type Distribution, type DistributionResult } from './distribute';
export { cashBalance, convertCash, depositCash, withdrawCash, type CashConversion, type CashMovement } from './custody';
export { LEDGER_GUARD_SQLSTATE, commit, isLedgerGuardRefusal, post, release, reserve, settle, sqlState } from './write';
