/**
 * Spellings used by the official test beds and the reference implementation that
 * differ from data dictionary 1.4. Each maps onto the dictionary name.
 */
export const TERM_ALIASES: Record<string, string> = {
  fixingDays: 'fixingPeriod',
  cycleAnchorDateOfDividendPayment: 'cycleAnchorDateOfDividend',
  cycleOfDividendPayment: 'cycleOfDividend',
  creatorId: 'creatorID',
};

/** Terms the reference implementation reads that the dictionary does not define. */
export const EXTRA_TERMS: Record<string, { type: string; applicableTo: string[] }> = {
  marketObjectCodeOfDividends: { type: 'Varchar', applicableTo: ['STK'] },
};

/** Enum value spellings accepted as synonyms of the dictionary acronym. */
export const VALUE_ALIASES: Record<string, Record<string, string>> = {
  calendar: { NOCALENDAR: 'NC', MONDAYTOFRIDAY: 'MF' },
  scalingEffect: { OOO: '000', IOO: 'I00', ONO: '0N0', INO: 'IN0' },
  arrayFixedVariable: { FIX: 'F', VAR: 'V' },
  businessDayConvention: { NOS: 'NOS' },
};

/** Values the engine supports beyond the dictionary lists (which omit or misspell them). */
export const EXTRA_VALUES: Record<string, string[]> = {
  businessDayConvention: ['CSMP'],
  dayCountConvention: ['B252'],
  contractRole: ['LG', 'ST', 'BUY', 'SEL'],
  unit: ['ONC'],
};

/**
 * Terms the reference implementation reads for contract types whose dictionary
 * applicability omits them (CEC states its currency, CEG may accrue fees).
 */
export const EXTRA_APPLICABLE: Record<string, string[]> = {
  CEC: ['currency'],
  CEG: ['dayCountConvention'],
};

/**
 * Dictionary-mandatory terms that are not needed to compute events and that the
 * reference implementation defaults: identities, an option's exercise end date
 * (maturity), a position's purchase data (held before the status date), the
 * guaranteed exposure (nominal value) and UMP's rate (zero).
 */
export const RELAXED_MANDATORY: Record<string, string[]> = {
  '*': ['creatorID', 'counterpartyID'],
  OPTNS: ['optionExerciseEndDate'],
  COM: ['purchaseDate', 'priceAtPurchaseDate'],
  STK: ['purchaseDate', 'priceAtPurchaseDate'],
  CEG: ['guaranteedExposure'],
  CEC: ['guaranteedExposure'],
  UMP: ['nominalInterestRate'],
};

/**
 * Terms the dictionary marks plainly mandatory for some types although they only
 * matter when a feature is used: required only when one of the listed terms is set
 * (a fixed-rate NAM has no rate-reset market object).
 */
export const REQUIRED_ONLY_WITH: Record<string, string[]> = {
  marketObjectCodeOfRateReset: ['cycleOfRateReset', 'cycleAnchorDateOfRateReset', 'arrayCycleAnchorDateOfRateReset'],
};

/**
 * Dictionary terms the engine does not model. Given with a value, parseTerms reports
 * them (code `UNSUPPORTED`) rather than computing events that silently ignore them.
 * Identity and descriptive terms (creatorID, counterpartyID, seniority) change no cash
 * flow and are accepted.
 */
export const UNSUPPORTED_TERMS: Record<string, string> = {
  nonPerformingDate:
    'performance transitions are taken from observed credit events (contractPerformance), not from a non-performing date',
  gracePeriod:
    'grace and delinquency periods (automatic performance transitions) are not modelled; pass observed credit events instead',
  delinquencyPeriod:
    'grace and delinquency periods (automatic performance transitions) are not modelled; pass observed credit events instead',
  delinquencyRate: 'delinquency (default) interest is not modelled',
  prepaymentPeriod: 'a prepayment notice period is not modelled; observed PP events take effect on their date',
  creditLineAmount: 'undrawn credit lines (drawdowns) are not modelled',
  maximumPenaltyFreeDisbursement: 'withdrawal penalties of undefined-maturity accounts are not modelled',
  clearingHouse: 'futures margining is not modelled',
  initialMargin: 'futures margining is not modelled',
  maintenanceMarginLowerBound: 'futures margining is not modelled',
  maintenanceMarginUpperBound: 'futures margining is not modelled',
  cycleAnchorDateOfMargining: 'futures margining is not modelled',
  cycleOfMargining: 'futures margining is not modelled',
  variationMargin: 'futures margining is not modelled',
};

/** Enum values the engine does not implement (the dictionary default is always supported). */
export const UNSUPPORTED_VALUES: Record<string, Record<string, string>> = {
  cyclePointOfInterestPayment: { B: 'interest paid at the beginning of the period (B) is not implemented; only E' },
  cyclePointOfRateReset: { E: 'rate fixing at the end of the period (E) is not implemented; only B' },
};
