import type { Currency, DayCountConvention, InstrumentFormInput } from '@meridian/schemas';

/**
 * Demo listings: about thirty instruments over the nine contract types, every sector,
 * ten currencies and maturities from two to thirty years. Dates are relative to the seed
 * day (issued `issuedMonthsAgo` before it, `years` long) so a fresh install always has
 * live instruments; names carry the resulting maturity year where a bond would.
 */
export interface DemoInstrument {
  /** Organisation of the issuer (see organisations seed). */
  issuer: string;
  /** Name; `{year}` becomes the maturity year. */
  name: string;
  issuedMonthsAgo: number;
  /** Term in years; omitted for stocks. */
  years?: number;
  form: Omit<InstrumentFormInput, 'name' | 'issueDate' | 'maturityDate'>;
  /** Settlement cycle in business days when not T+0 (the tokenised default). */
  settlementCycle?: 1 | 2;
}

const NORLAND = 'Republic of Norland Treasury';
const VERIDIA = 'Federal Finance Agency of Veridia';
const ESTERRA = 'Kingdom of Esterra Debt Office';
const LAKEPORT = 'City of Lakeport';
const RIVERTON = 'Riverton Water Authority';
const ATLAS = 'Atlas Industrial Holdings plc';
const BRIGHTLINE = 'Brightline Energy Corp';
const VIREO = 'Vireo Technologies Inc.';
const HELVETIC = 'Helvetic Alpine Bank AG';
const MERIDIAN = 'Meridian Markets Ltd';

const bond = (
  rate: number,
  frequency: 'P1M' | 'P3M' | 'P6M' | 'P1Y',
  currency: Currency,
  notional: number,
  dcc: DayCountConvention = 'A/365',
): DemoInstrument['form'] => ({
  contractType: 'PAM',
  interestRate: rate,
  paymentFrequency: frequency,
  currency,
  notionalAmount: notional,
  dayCountConvention: dcc,
});

export const DEMO_INSTRUMENTS: readonly DemoInstrument[] = [
  // Government bonds
  {
    issuer: VERIDIA,
    name: 'Veridia Treasury 4.25% {year}',
    issuedMonthsAgo: 14,
    years: 10,
    form: bond(4.25, 'P6M', 'USD', 250_000_000, 'A/A'),
  },
  {
    issuer: VERIDIA,
    name: 'Veridia Treasury 3.875% {year}',
    issuedMonthsAgo: 3,
    years: 2,
    form: bond(3.875, 'P6M', 'USD', 400_000_000, 'A/A'),
  },
  {
    issuer: VERIDIA,
    name: 'Veridia Treasury 4.625% {year}',
    issuedMonthsAgo: 30,
    years: 30,
    form: bond(4.625, 'P6M', 'USD', 150_000_000, 'A/A'),
  },
  {
    issuer: NORLAND,
    name: 'Norland Government 2.75% {year}',
    issuedMonthsAgo: 20,
    years: 7,
    // Settles through the European CSD cycle, T+2.
    settlementCycle: 2,
    form: bond(2.75, 'P1Y', 'EUR', 120_000_000, 'A/A'),
  },
  {
    issuer: ESTERRA,
    name: 'Esterra Bonos 3.45% {year}',
    issuedMonthsAgo: 9,
    years: 10,
    form: bond(3.45, 'P1Y', 'EUR', 90_000_000, 'A/A'),
  },
  {
    issuer: ESTERRA,
    name: 'Esterra Floating Rate Note {year}',
    issuedMonthsAgo: 5,
    years: 3,
    form: { ...bond(2.15, 'P3M', 'EUR', 60_000_000, 'A/360'), interestRateType: 'FLOATING' },
  },
  {
    issuer: NORLAND,
    name: 'Norland Samurai Bond 1.2% {year}',
    issuedMonthsAgo: 11,
    years: 5,
    form: bond(1.2, 'P6M', 'JPY', 5_000_000_000, 'A/365'),
  },
  // Municipal bonds
  {
    issuer: LAKEPORT,
    name: 'Lakeport General Obligation 3.9% {year}',
    issuedMonthsAgo: 8,
    years: 15,
    form: bond(3.9, 'P6M', 'USD', 45_000_000, '30/360'),
  },
  {
    issuer: LAKEPORT,
    name: 'Lakeport School Improvement Annuity {year}',
    issuedMonthsAgo: 18,
    years: 12,
    form: { ...bond(4.1, 'P6M', 'USD', 30_000_000, '30/360'), contractType: 'ANN' },
  },
  {
    issuer: RIVERTON,
    name: 'Riverton Water Revenue 4.35% {year}',
    issuedMonthsAgo: 4,
    years: 20,
    // US municipal bonds settle T+1.
    settlementCycle: 1,
    form: bond(4.35, 'P6M', 'USD', 55_000_000, '30/360'),
  },
  {
    issuer: RIVERTON,
    name: 'Riverton Pipeline Amortizing {year}',
    issuedMonthsAgo: 26,
    years: 8,
    form: { ...bond(3.6, 'P1Y', 'USD', 24_000_000, '30/360'), contractType: 'LAM' },
  },
  // Corporate bonds and loans
  {
    issuer: ATLAS,
    name: 'Atlas Industrial 5.125% {year}',
    issuedMonthsAgo: 6,
    years: 5,
    form: bond(5.125, 'P6M', 'GBP', 75_000_000, 'A/365'),
  },
  {
    issuer: ATLAS,
    name: 'Atlas Industrial Equipment Annuity {year}',
    issuedMonthsAgo: 10,
    years: 6,
    form: { ...bond(5.6, 'P3M', 'GBP', 18_000_000), contractType: 'ANN' },
  },
  {
    issuer: BRIGHTLINE,
    name: 'Brightline Energy 5.875% {year}',
    issuedMonthsAgo: 16,
    years: 8,
    form: bond(5.875, 'P6M', 'USD', 60_000_000, '30E/360'),
  },
  {
    issuer: BRIGHTLINE,
    name: 'Brightline Solar Term Loan {year}',
    issuedMonthsAgo: 7,
    years: 5,
    form: { ...bond(6.4, 'P3M', 'USD', 40_000_000, 'A/360'), contractType: 'LAM' },
  },
  {
    issuer: VIREO,
    name: 'Vireo Technologies 7.25% {year}',
    issuedMonthsAgo: 2,
    years: 6,
    form: bond(7.25, 'P6M', 'USD', 35_000_000, '30E/360'),
  },
  {
    issuer: VIREO,
    name: 'Vireo Equipment Lease Annuity {year}',
    issuedMonthsAgo: 12,
    years: 4,
    form: { ...bond(7.8, 'P1M', 'USD', 8_000_000, 'A/360'), contractType: 'ANN' },
  },
  {
    issuer: HELVETIC,
    name: 'Helvetic Alpine Covered 1.1% {year}',
    issuedMonthsAgo: 13,
    years: 9,
    form: bond(1.1, 'P1Y', 'CHF', 200_000_000, '30E/360'),
  },
  {
    issuer: HELVETIC,
    name: 'Helvetic Alpine Mortgage Amortizer {year}',
    issuedMonthsAgo: 3,
    years: 10,
    form: { ...bond(1.65, 'P6M', 'CHF', 50_000_000, '30E/360'), contractType: 'LAM' },
  },
  {
    issuer: MERIDIAN,
    name: 'Meridian Markets 4.8% Notes {year}',
    issuedMonthsAgo: 1,
    years: 3,
    form: bond(4.8, 'P3M', 'SGD', 25_000_000, 'A/365'),
  },
  // Guarantees
  {
    issuer: VERIDIA,
    name: 'Veridia Guarantee of Lakeport GO {year}',
    issuedMonthsAgo: 8,
    years: 15,
    form: {
      contractType: 'CEG',
      currency: 'USD',
      notionalAmount: 45_000_000,
      guaranteeAmount: 45_000_000,
      interestRate: 0.35,
    },
  },
  {
    issuer: HELVETIC,
    name: 'Helvetic Trade Finance Guarantee {year}',
    issuedMonthsAgo: 5,
    years: 2,
    form: { contractType: 'CEG', currency: 'CHF', notionalAmount: 12_000_000, interestRate: 0.9 },
  },
  // Equity
  {
    issuer: ATLAS,
    name: 'Atlas Industrial Ordinary Shares',
    issuedMonthsAgo: 40,
    form: {
      contractType: 'STK',
      currency: 'GBP',
      notionalAmount: 50_000_000,
      dividendRate: 3.2,
      paymentFrequency: 'P6M',
    },
  },
  {
    issuer: BRIGHTLINE,
    name: 'Brightline Energy Common Stock',
    issuedMonthsAgo: 28,
    form: {
      contractType: 'STK',
      currency: 'USD',
      notionalAmount: 80_000_000,
      dividendRate: 4.1,
      paymentFrequency: 'P3M',
    },
  },
  {
    issuer: VIREO,
    name: 'Vireo Technologies Class A',
    issuedMonthsAgo: 15,
    form: { contractType: 'STK', currency: 'USD', notionalAmount: 30_000_000 },
  },
  {
    issuer: MERIDIAN,
    name: 'Meridian Markets HK Depositary Shares',
    issuedMonthsAgo: 9,
    form: {
      contractType: 'STK',
      currency: 'HKD',
      notionalAmount: 40_000_000,
      dividendRate: 2.4,
      paymentFrequency: 'P1Y',
    },
  },
  // Derivatives
  {
    issuer: MERIDIAN,
    name: 'Meridian Call on Brightline {year}',
    issuedMonthsAgo: 1,
    years: 1,
    form: { contractType: 'OPTNS', currency: 'USD', notionalAmount: 500_000, strikePrice: 105, optionType: 'CALL' },
  },
  {
    issuer: MERIDIAN,
    name: 'Meridian Put on Atlas {year}',
    issuedMonthsAgo: 2,
    years: 2,
    form: { contractType: 'OPTNS', currency: 'GBP', notionalAmount: 250_000, strikePrice: 92, optionType: 'PUT' },
  },
  {
    issuer: MERIDIAN,
    name: 'Meridian AUD Rate Future {year}',
    issuedMonthsAgo: 1,
    years: 1,
    form: { contractType: 'FUTUR', currency: 'AUD', notionalAmount: 1_000_000, strikePrice: 96.4 },
  },
  {
    issuer: BRIGHTLINE,
    name: 'Brightline Crude Hedge Future {year}',
    issuedMonthsAgo: 3,
    years: 1,
    form: { contractType: 'FUTUR', currency: 'CAD', notionalAmount: 2_000_000, strikePrice: 78.5 },
  },
  {
    issuer: MERIDIAN,
    name: 'Meridian USD 5Y Payer Swap',
    issuedMonthsAgo: 6,
    years: 5,
    form: {
      contractType: 'SWPPV',
      contractRole: 'RPL',
      currency: 'USD',
      notionalAmount: 100_000_000,
      swapRate: 3.8,
      interestRate: 4.05,
      paymentFrequency: 'P6M',
    },
  },
  {
    issuer: HELVETIC,
    name: 'Helvetic CHF 7Y Receiver Swap',
    issuedMonthsAgo: 10,
    years: 7,
    form: {
      contractType: 'SWPPV',
      currency: 'CHF',
      notionalAmount: 80_000_000,
      swapRate: 0.55,
      interestRate: 0.05,
      paymentFrequency: 'P1Y',
      dayCountConvention: '30E/360',
    },
  },
  {
    issuer: MERIDIAN,
    name: 'Meridian EUR Fixed-Fixed Basis Swap',
    issuedMonthsAgo: 4,
    years: 4,
    form: {
      contractType: 'SWAPS',
      currency: 'EUR',
      notionalAmount: 50_000_000,
      swapRate: 2.6,
      interestRate: 2.35,
      paymentFrequency: 'P1Y',
    },
  },
  {
    issuer: ATLAS,
    name: 'Atlas CNY Cross-Border Swap',
    issuedMonthsAgo: 2,
    years: 3,
    form: {
      contractType: 'SWAPS',
      currency: 'CNY',
      notionalAmount: 60_000_000,
      swapRate: 1.9,
      interestRate: 1.6,
      paymentFrequency: 'P6M',
    },
  },
];
