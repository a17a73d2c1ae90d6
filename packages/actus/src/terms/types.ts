import type { Time } from '../time/datetime.js';
import type { Cycle, Period } from '../time/cycle.js';
import type { BusinessDayConvention } from '../time/business-day.js';
import type { DayCountConvention } from '../time/day-count.js';
import type { EndOfMonthConvention } from '../time/schedule.js';

/** A child of a composite contract: full terms, or a reference by id or market object code. */
export interface ContractReference {
  object: ContractTerms | { contractIdentifier: string } | { marketObjectCode: string };
  referenceType: string;
  referenceRole: string;
}

/**
 * Validated ACTUS terms. Names are the data dictionary identifiers; timestamps are
 * {@link Time} numbers, cycles and periods are parsed. Only terms present in the raw
 * input (or given a dictionary default the engine needs) are set.
 */
export interface ContractTerms {
  contractType: string;
  contractID: string;
  contractRole: string;
  statusDate: Time;
  currency?: string;
  currency2?: string;
  settlementCurrency?: string;
  calendar?: string;
  businessDayConvention?: BusinessDayConvention;
  endOfMonthConvention?: EndOfMonthConvention;
  dayCountConvention?: DayCountConvention;
  contractDealDate?: Time;
  initialExchangeDate?: Time;
  maturityDate?: Time;
  amortizationDate?: Time;
  purchaseDate?: Time;
  priceAtPurchaseDate?: number;
  terminationDate?: Time;
  priceAtTerminationDate?: number;
  notionalPrincipal?: number;
  notionalPrincipal2?: number;
  nominalInterestRate?: number;
  nominalInterestRate2?: number;
  premiumDiscountAtIED?: number;
  accruedInterest?: number;
  capitalizationEndDate?: Time;
  cycleAnchorDateOfInterestPayment?: Time;
  cycleOfInterestPayment?: Cycle;
  cyclePointOfInterestPayment?: string;
  cycleAnchorDateOfPrincipalRedemption?: Time;
  cycleOfPrincipalRedemption?: Cycle;
  nextPrincipalRedemptionPayment?: number;
  cycleAnchorDateOfInterestCalculationBase?: Time;
  cycleOfInterestCalculationBase?: Cycle;
  interestCalculationBase?: string;
  interestCalculationBaseAmount?: number;
  cycleAnchorDateOfRateReset?: Time;
  cycleOfRateReset?: Cycle;
  cyclePointOfRateReset?: string;
  marketObjectCodeOfRateReset?: string;
  rateSpread?: number;
  rateMultiplier?: number;
  nextResetRate?: number;
  fixingPeriod?: Period;
  lifeCap?: number;
  lifeFloor?: number;
  periodCap?: number;
  periodFloor?: number;
  cycleAnchorDateOfFee?: Time;
  cycleOfFee?: Cycle;
  feeBasis?: string;
  feeRate?: number;
  feeAccrued?: number;
  cycleAnchorDateOfScalingIndex?: Time;
  cycleOfScalingIndex?: Cycle;
  scalingEffect?: string;
  marketObjectCodeOfScalingIndex?: string;
  scalingIndexAtContractDealDate?: number;
  notionalScalingMultiplier?: number;
  interestScalingMultiplier?: number;
  cycleAnchorDateOfDividend?: Time;
  cycleOfDividend?: Cycle;
  marketObjectCodeOfDividends?: string;
  nextDividendPaymentAmount?: number;
  exDividendDate?: Time;
  cycleAnchorDateOfOptionality?: Time;
  cycleOfOptionality?: Cycle;
  prepaymentEffect?: string;
  penaltyType?: string;
  penaltyRate?: number;
  xDayNotice?: Period;
  marketObjectCode?: string;
  marketValueObserved?: number;
  quantity?: number;
  unit?: string;
  settlementPeriod?: Period;
  deliverySettlement?: string;
  exerciseDate?: Time;
  exerciseAmount?: number;
  futuresPrice?: number;
  optionType?: string;
  optionExerciseType?: string;
  optionStrike1?: number;
  optionStrike2?: number;
  optionExerciseEndDate?: Time;
  creditEventTypeCovered?: string[];
  coverageOfCreditEnhancement?: number;
  guaranteedExposure?: string;
  contractPerformance?: string;
  arrayCycleAnchorDateOfInterestPayment?: Time[];
  arrayCycleOfInterestPayment?: Cycle[];
  arrayCycleAnchorDateOfPrincipalRedemption?: Time[];
  arrayCycleOfPrincipalRedemption?: Cycle[];
  arrayNextPrincipalRedemptionPayment?: number[];
  arrayIncreaseDecrease?: string[];
  arrayCycleAnchorDateOfRateReset?: Time[];
  arrayCycleOfRateReset?: Cycle[];
  arrayRate?: number[];
  arrayFixedVariable?: string[];
  contractStructure?: ContractReference[];
  /** Any other dictionary term that no engine module reads. */
  [term: string]: unknown;
}

export interface TermProblem {
  term: string;
  code: string;
  message: string;
}

export type Result<T, E> = { ok: true; value: T } | { ok: false; error: E };
