import type { ContractType } from '@meridian/schemas';

/** One-line explanations of the ACTUS contract types shown on the wizard's first step. */
export const CONTRACT_TYPE_SUMMARIES: Record<ContractType, string> = {
  PAM: 'Bullet bond or loan: interest each period, full principal repaid at maturity.',
  ANN: 'Equal instalments of interest and principal, like a mortgage.',
  LAM: 'Principal repaid in equal parts each period, interest on the remaining balance.',
  CEG: 'A guarantee covering a credit exposure against a premium.',
  STK: 'Equity share; may pay dividends.',
  OPTNS: 'Right to buy (call) or sell (put) an underlying at a strike price.',
  SWAPS: 'Two interest legs exchanged: the swap rate against another rate.',
  FUTUR: 'Agreement to settle an underlying at a fixed future price.',
  SWPPV: 'Plain vanilla interest rate swap: fixed swap rate against a floating rate.',
};
