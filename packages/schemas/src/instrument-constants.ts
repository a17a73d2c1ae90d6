// Business constants of instrument issuance (SPEC §9), shared by the wizard and the server.

export const CURRENCIES = ['USD', 'EUR', 'GBP', 'JPY', 'CHF', 'CAD', 'AUD', 'CNY', 'HKD', 'SGD'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const DEFAULT_CURRENCY: Currency = 'USD';

export const CONTRACT_TYPES = ['PAM', 'ANN', 'LAM', 'CEG', 'STK', 'OPTNS', 'SWAPS', 'FUTUR', 'SWPPV'] as const;
export type ContractType = (typeof CONTRACT_TYPES)[number];

/** ACTUS names of the contract types, for pickers and tables. */
export const CONTRACT_TYPE_LABELS: Record<ContractType, string> = {
  PAM: 'Principal at Maturity',
  ANN: 'Annuity',
  LAM: 'Linear Amortizer',
  CEG: 'Credit Enhancement Guarantee',
  STK: 'Stock',
  OPTNS: 'Option',
  SWAPS: 'Swap',
  FUTUR: 'Future',
  SWPPV: 'Plain Vanilla Interest Rate Swap',
};

/** Day-count labels offered by the form; their ACTUS codes are in instrument-terms.ts. */
export const DAY_COUNT_CONVENTIONS = ['A/365', 'A/360', '30E/360', 'A/A', '30/360'] as const;
export type DayCountConvention = (typeof DAY_COUNT_CONVENTIONS)[number];
export const DEFAULT_DAY_COUNT_CONVENTION: DayCountConvention = 'A/365';

export const PAYMENT_FREQUENCIES = ['P1M', 'P3M', 'P6M', 'P1Y', 'P2Y'] as const;
export type PaymentFrequency = (typeof PAYMENT_FREQUENCIES)[number];
export const PAYMENT_FREQUENCY_LABELS: Record<PaymentFrequency, string> = {
  P1M: 'Monthly',
  P3M: 'Quarterly',
  P6M: 'Semi-annual',
  P1Y: 'Annual',
  P2Y: 'Biennial',
};
export const DEFAULT_PAYMENT_FREQUENCY: PaymentFrequency = 'P6M';
/** Number of payments per year of each frequency (biennial pays every other year). */
export const PAYMENTS_PER_YEAR: Record<PaymentFrequency, number> = { P1M: 12, P3M: 4, P6M: 2, P1Y: 1, P2Y: 0.5 };

export const INTEREST_RATE_TYPES = ['FIXED', 'FLOATING'] as const;
export type InterestRateType = (typeof INTEREST_RATE_TYPES)[number];
export const DEFAULT_INTEREST_RATE_TYPE: InterestRateType = 'FIXED';

/** Real position asset (holder, lender) or liability (issuer, borrower), seen from the terms' owner. */
export const CONTRACT_ROLES = ['RPA', 'RPL'] as const;
export type ContractRole = (typeof CONTRACT_ROLES)[number];
export const DEFAULT_CONTRACT_ROLE: ContractRole = 'RPA';

export const OPTION_TYPES = ['CALL', 'PUT'] as const;
export type OptionType = (typeof OPTION_TYPES)[number];
export const DEFAULT_OPTION_TYPE: OptionType = 'CALL';

export const CALENDARS = ['NOCALENDAR', 'MONDAYTOFRIDAY'] as const;
export type Calendar = (typeof CALENDARS)[number];
export const DEFAULT_CALENDAR: Calendar = 'NOCALENDAR';

/** Price at purchase of a newly issued instrument, as a fraction of par (SPEC §9: 1). */
export const PRICE_AT_PURCHASE = 1;

/** Contract types whose units are bonds or notes of face 100.00; the others are equity-like with face 1.00. */
export const DEBT_CONTRACT_TYPES: readonly ContractType[] = ['PAM', 'ANN', 'LAM', 'CEG', 'SWAPS', 'SWPPV'];

/** Face value of one unit in hundredths of the currency (notional = units x face value). */
export function faceValueMinor(contractType: ContractType): bigint {
  return DEBT_CONTRACT_TYPES.includes(contractType) ? 10_000n : 100n;
}

/** Largest notional accepted, so that hundredths stay exact in a double on the way to the engine. */
export const MAX_NOTIONAL_AMOUNT = 1_000_000_000_000;

/** Optional form fields that only apply to some contract types; the wizard shows them only there. */
export const CONTRACT_TYPE_FIELDS: Record<ContractType, readonly TypeSpecificField[]> = {
  PAM: [],
  ANN: [],
  LAM: [],
  CEG: ['guaranteeAmount'],
  STK: ['dividendRate'],
  OPTNS: ['strikePrice', 'optionType'],
  SWAPS: ['swapRate'],
  FUTUR: ['strikePrice'],
  SWPPV: ['swapRate'],
};
export type TypeSpecificField = 'dividendRate' | 'strikePrice' | 'optionType' | 'guaranteeAmount' | 'swapRate';

/** Contract types whose terms carry an interest rate (STK, OPTNS and FUTUR do not). */
export const INTEREST_BEARING_CONTRACT_TYPES: readonly ContractType[] = ['PAM', 'ANN', 'LAM', 'CEG', 'SWAPS', 'SWPPV'];
