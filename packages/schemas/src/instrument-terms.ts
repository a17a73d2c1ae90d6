import type { Calendar, ContractRole, ContractType, DayCountConvention, OptionType } from './instrument-constants';
import { PAYMENTS_PER_YEAR, PRICE_AT_PURCHASE } from './instrument-constants';
import { actusTimestamp, addDays, addMonths, cycleDates, cycleMonths } from './instrument-dates';
import type { InstrumentForm } from './instruments';

/** Raw ACTUS terms as the engine's `parseTerms` accepts them (numbers, strings, nested structures). */
export type RawActusTerms = Record<string, unknown>;

/** Form day-count labels to ACTUS codes; see docs/decisions/ on the day-count mapping. */
export const DAY_COUNT_TO_ACTUS: Record<DayCountConvention, string> = {
  'A/365': 'A365',
  'A/360': 'A360',
  '30E/360': '30E360',
  'A/A': 'AA',
  '30/360': '30E360ISDA',
};

const CALENDAR_TO_ACTUS: Record<Calendar, string> = { NOCALENDAR: 'NC', MONDAYTOFRIDAY: 'MF' };
const OPTION_TYPE_TO_ACTUS: Record<OptionType, string> = { CALL: 'C', PUT: 'P' };

/** The form's RPA (long, asset) / RPL (short, liability) in each contract type's own ACTUS role vocabulary. */
export function actusContractRole(contractType: ContractType, role: ContractRole): string {
  const long = role === 'RPA';
  switch (contractType) {
    case 'CEG':
    case 'OPTNS':
    case 'FUTUR':
      return long ? 'BUY' : 'SEL';
    case 'SWAPS':
      return long ? 'RFL' : 'PFL';
    case 'SWPPV':
      return long ? 'RF' : 'PF';
    default:
      return role;
  }
}

/** Market object code of the floating reference rate of a currency (observations keyed by it). */
export function referenceRateCode(currency: string): string {
  return `${currency}.RFR`;
}

export interface BuildTermsOptions {
  /** ACTUS contractID, e.g. 'PAM-20250101T120000Z' (type plus timestamp). */
  contractId: string;
  /** Date the terms are stated at; defaults to the day before the issue date so the schedule starts at issuance. */
  statusDate?: string;
}

// Rounded to 12 significant digits so 2.9 % becomes 0.029, not 0.028999999999999998.
const percentToRate = (percent: number | null | undefined): number | null =>
  percent === null || percent === undefined ? null : Number((percent / 100).toPrecision(12));
const given = (day: string | null | undefined): string | null => (day ? day : null);
const roundCents = (amount: number): number => Math.round(amount * 100) / 100;

/**
 * Builds raw ACTUS terms from the validated wizard form: the SPEC §3 generated fields plus what
 * each contract type needs to be valid ACTUS. Pure; used by the browser preview and the server.
 */
export function buildActusTerms(form: InstrumentForm, options: BuildTermsOptions): RawActusTerms {
  const statusDay = given(form.statusDate) ?? options.statusDate ?? addDays(form.issueDate, -1);
  const terms: RawActusTerms = {
    contractType: form.contractType,
    contractID: options.contractId,
    statusDate: actusTimestamp(statusDay),
    contractDealDate: actusTimestamp(statusDay),
    contractRole: actusContractRole(form.contractType, form.contractRole),
    currency: form.currency,
  };
  if (form.settlementCurrency) terms.settlementCurrency = form.settlementCurrency;
  // A SWAPS parent has no schedule of its own: its legs carry the calendar conventions.
  if (form.contractType !== 'SWAPS') Object.assign(terms, calendarTerms(form));
  return { ...terms, ...TYPE_TERMS[form.contractType](form, { contractId: options.contractId, statusDay }) };
}

/** Calendar, end-of-month and (for working-day calendars) business-day conventions. */
function calendarTerms(form: InstrumentForm): RawActusTerms {
  const terms: RawActusTerms = { calendar: CALENDAR_TO_ACTUS[form.calendar], endOfMonthConvention: 'SD' };
  // Working-day calendars need a shift rule: following day, accruals on the unshifted schedule.
  if (form.calendar === 'MONDAYTOFRIDAY') terms.businessDayConvention = 'SCF';
  return terms;
}

type TypeTermsBuilder = (form: InstrumentForm, context: { contractId: string; statusDay: string }) => RawActusTerms;

/** SPEC §3 interest fields plus principal exchange at issue, shared by the loan-like types. */
function loanTerms(form: InstrumentForm): RawActusTerms {
  const terms: RawActusTerms = {
    notionalPrincipal: form.notionalAmount,
    // ACTUS requires a rate on loans; an empty rate is a zero-coupon instrument.
    nominalInterestRate: percentToRate(form.interestRate) ?? 0,
    dayCountConvention: DAY_COUNT_TO_ACTUS[form.dayCountConvention],
    initialExchangeDate: actusTimestamp(form.issueDate),
    cycleAnchorDateOfInterestPayment: actusTimestamp(form.issueDate),
    cycleOfInterestPayment: actusCycle(form.paymentFrequency),
    premiumDiscountAtIED: 0,
  };
  const maturity = given(form.maturityDate);
  if (maturity) terms.maturityDate = actusTimestamp(maturity);
  if (form.interestRateType === 'FLOATING') Object.assign(terms, rateResetTerms(form));
  return terms;
}

/** Floating coupons reset every payment period on the currency's reference rate (observations supply it). */
function rateResetTerms(form: InstrumentForm): RawActusTerms {
  return {
    cycleAnchorDateOfRateReset: actusTimestamp(addMonths(form.issueDate, cycleMonths(form.paymentFrequency))),
    cycleOfRateReset: actusCycle(form.paymentFrequency),
    marketObjectCodeOfRateReset: referenceRateCode(form.currency),
    rateMultiplier: 1,
    rateSpread: 0,
    fixingPeriod: 'P0D',
  };
}

/** ACTUS cycle with a short last stub, e.g. 'P6M' -> 'P6ML1'. */
export function actusCycle(frequency: InstrumentForm['paymentFrequency']): string {
  return `${frequency}L1`;
}

/** Principal redemption schedule of amortizers: first redemption one period after issue. */
function redemptionSchedule(form: InstrumentForm): { anchor: string; count: number } | null {
  const maturity = given(form.maturityDate);
  const anchor = addMonths(form.issueDate, cycleMonths(form.paymentFrequency));
  if (!maturity || anchor > maturity) return null;
  return { anchor, count: cycleDates(anchor, form.paymentFrequency, maturity).length };
}

function amortizerTerms(form: InstrumentForm, payment: (count: number) => number): RawActusTerms {
  const terms = {
    ...loanTerms(form),
    ...purchaseAtPar(form),
    cycleOfPrincipalRedemption: actusCycle(form.paymentFrequency),
  };
  const schedule = redemptionSchedule(form);
  if (!schedule) return terms;
  return {
    ...terms,
    cycleAnchorDateOfPrincipalRedemption: actusTimestamp(schedule.anchor),
    nextPrincipalRedemptionPayment: roundCents(payment(schedule.count)),
  };
}

/** Annuity payment (principal plus interest) that repays `notional` in `count` equal instalments. */
export function annuityPayment(notional: number, annualRate: number, paymentsPerYear: number, count: number): number {
  const periodic = annualRate / paymentsPerYear;
  // Below ~1e-12 per period, 1 - (1 + p)^-n cancels to 0 in doubles: the rate is effectively zero.
  if (Math.abs(periodic) < 1e-12) return notional / count;
  return (notional * periodic) / (1 - (1 + periodic) ** -count);
}

/** SPEC §3: bought at issue at PRICE_AT_PURCHASE (par); ACTUS quotes the price as an amount. */
function purchaseAtPar(form: InstrumentForm): RawActusTerms {
  return {
    purchaseDate: actusTimestamp(form.issueDate),
    priceAtPurchaseDate: roundCents(form.notionalAmount * PRICE_AT_PURCHASE),
  };
}

/** Option and future terms describe one contract unit on an underlying identified by market object code. */
function underlyingStructure(contractId: string): RawActusTerms {
  return {
    contractStructure: [
      { object: { marketObjectCode: underlyingCode(contractId) }, referenceType: 'MOC', referenceRole: 'UDL' },
    ],
  };
}

/** Market object code of a derivative's underlying price series. */
export function underlyingCode(contractId: string): string {
  return `${contractId}.UDL`;
}

/** Market object code of a stock's dividend series. */
export function dividendCode(contractId: string): string {
  return `${contractId}.DV`;
}

function maturityTerms(form: InstrumentForm): RawActusTerms {
  const maturity = given(form.maturityDate);
  return maturity ? { maturityDate: actusTimestamp(maturity) } : {};
}

const TYPE_TERMS: Record<ContractType, TypeTermsBuilder> = {
  PAM: (form) => ({ ...loanTerms(form), ...purchaseAtPar(form) }),
  ANN: (form) =>
    amortizerTerms(form, (count) =>
      annuityPayment(
        form.notionalAmount,
        percentToRate(form.interestRate) ?? 0,
        PAYMENTS_PER_YEAR[form.paymentFrequency],
        count,
      ),
    ),
  LAM: (form) => ({ ...amortizerTerms(form, (count) => form.notionalAmount / count), interestCalculationBase: 'NT' }),
  STK: (form, { contractId }) => {
    const terms: RawActusTerms = { notionalPrincipal: form.notionalAmount, ...purchaseAtPar(form) };
    if (!form.dividendRate) return terms;
    return {
      ...terms,
      cycleAnchorDateOfDividendPayment: actusTimestamp(addMonths(form.issueDate, cycleMonths(form.paymentFrequency))),
      cycleOfDividendPayment: actusCycle(form.paymentFrequency),
      marketObjectCodeOfDividends: dividendCode(contractId),
    };
  },
  OPTNS: (form, { contractId }) => ({
    ...underlyingStructure(contractId),
    ...maturityTerms(form),
    ...(form.maturityDate ? { optionExerciseEndDate: actusTimestamp(form.maturityDate) } : {}),
    optionExerciseType: 'E',
    optionType: OPTION_TYPE_TO_ACTUS[form.optionType],
    ...(form.strikePrice ? { optionStrike1: form.strikePrice } : {}),
    purchaseDate: actusTimestamp(form.issueDate),
    // One option unit of face 1.00 bought at PRICE_AT_PURCHASE.
    priceAtPurchaseDate: PRICE_AT_PURCHASE,
    settlementPeriod: 'P0D',
    deliverySettlement: 'S',
  }),
  FUTUR: (form, { contractId }) => ({
    ...underlyingStructure(contractId),
    ...maturityTerms(form),
    ...(form.strikePrice ? { futuresPrice: form.strikePrice } : {}),
    purchaseDate: actusTimestamp(form.issueDate),
    priceAtPurchaseDate: PRICE_AT_PURCHASE,
    settlementPeriod: 'P0D',
    deliverySettlement: 'S',
  }),
  CEG: (form, { contractId }) => ceg(form, contractId),
  SWAPS: (form, context) => swaps(form, context.contractId, context.statusDay),
  SWPPV: (form) => swppv(form),
};

/** A guarantee of `guaranteeAmount` (default: the notional) on a covered contract; the rate is an upfront premium. */
function ceg(form: InstrumentForm, contractId: string): RawActusTerms {
  const covered = form.guaranteeAmount ?? form.notionalAmount;
  return {
    contractStructure: [
      { object: { contractIdentifier: `${contractId}.COVERED` }, referenceType: 'CID', referenceRole: 'COVE' },
    ],
    ...maturityTerms(form),
    notionalPrincipal: covered,
    guaranteedExposure: 'NO',
    coverageOfCreditEnhancement: 1,
    creditEventTypeCovered: 'DF',
    purchaseDate: actusTimestamp(form.issueDate),
    priceAtPurchaseDate: roundCents(covered * (percentToRate(form.interestRate) ?? 0)),
    settlementPeriod: 'P0D',
  };
}

/** Two PAM legs netted: the first pays the swap rate, the second the form's (fixed or floating) rate. */
function swaps(form: InstrumentForm, contractId: string, statusDay: string): RawActusTerms {
  const leg = (suffix: string, rate: number | null, floating: boolean): RawActusTerms => ({
    contractType: 'PAM',
    contractID: `${contractId}-${suffix}`,
    contractRole: 'RPA',
    currency: form.currency,
    statusDate: actusTimestamp(statusDay),
    contractDealDate: actusTimestamp(statusDay),
    ...calendarTerms(form),
    ...loanTerms({ ...form, interestRate: rate, interestRateType: floating ? 'FLOATING' : 'FIXED' }),
  });
  return {
    contractStructure: [
      { object: leg('leg1', form.swapRate ?? null, false), referenceType: 'CNT', referenceRole: 'FIL' },
      {
        object: leg('leg2', form.interestRate ?? form.swapRate ?? null, form.interestRateType === 'FLOATING'),
        referenceType: 'CNT',
        referenceRole: 'SEL',
      },
    ],
    deliverySettlement: 'S',
  };
}

/** Plain vanilla swap: fixed leg at the swap rate, floating leg starting at the form's rate and resetting each period. */
function swppv(form: InstrumentForm): RawActusTerms {
  const fixedRate = percentToRate(form.swapRate);
  const terms: RawActusTerms = {
    notionalPrincipal: form.notionalAmount,
    ...(fixedRate === null ? {} : { nominalInterestRate: fixedRate }),
    nominalInterestRate2: percentToRate(form.interestRate) ?? fixedRate ?? 0,
    dayCountConvention: DAY_COUNT_TO_ACTUS[form.dayCountConvention],
    initialExchangeDate: actusTimestamp(form.issueDate),
    ...maturityTerms(form),
    cycleAnchorDateOfInterestPayment: actusTimestamp(form.issueDate),
    cycleOfInterestPayment: actusCycle(form.paymentFrequency),
    ...rateResetTerms(form),
    deliverySettlement: 'S',
  };
  delete terms.rateMultiplier;
  return terms;
}

/**
 * The wizard field an ACTUS term was built from, so an engine rejection (422 `problems`) is
 * shown on the field the user typed; null for terms the form does not expose.
 */
export function formFieldOfActusTerm(term: string, contractType: ContractType): keyof InstrumentForm | null {
  switch (term) {
    case 'maturityDate':
    case 'optionExerciseEndDate':
    case 'amortizationDate':
      return 'maturityDate';
    case 'optionStrike1':
    case 'futuresPrice':
      return 'strikePrice';
    case 'nominalInterestRate':
      return contractType === 'SWPPV' ? 'swapRate' : 'interestRate';
    case 'nominalInterestRate2':
      return 'interestRate';
    case 'notionalPrincipal':
    case 'priceAtPurchaseDate':
    case 'nextPrincipalRedemptionPayment':
      return contractType === 'CEG' ? 'guaranteeAmount' : 'notionalAmount';
    case 'initialExchangeDate':
    case 'purchaseDate':
    case 'statusDate':
    case 'contractDealDate':
      return 'issueDate';
    case 'cycleOfInterestPayment':
    case 'cycleOfPrincipalRedemption':
    case 'cycleOfDividendPayment':
      return 'paymentFrequency';
    case 'dayCountConvention':
      return 'dayCountConvention';
    case 'currency':
      return 'currency';
    case 'settlementCurrency':
      return 'settlementCurrency';
    default:
      return null;
  }
}
