import {
  CONTRACT_TYPE_FIELDS,
  INSTRUMENT_WIZARD_STEPS,
  INTEREST_BEARING_CONTRACT_TYPES,
  type ContractType,
  type InstrumentFormField,
  type InstrumentFormInput,
  type TypeSpecificField,
} from '@meridian/schemas';

export const STEP_COUNT = INSTRUMENT_WIZARD_STEPS.length;
export const REVIEW_STEP = STEP_COUNT - 1;
export const STEP_TITLES: readonly string[] = INSTRUMENT_WIZARD_STEPS.map((step) => step.title);

const INTEREST_FIELDS: readonly InstrumentFormField[] = [
  'interestRate',
  'interestRateType',
  'paymentFrequency',
  'dayCountConvention',
];
const TYPE_SPECIFIC_FIELDS: readonly InstrumentFormField[] = [
  'dividendRate',
  'strikePrice',
  'optionType',
  'guaranteeAmount',
  'swapRate',
];
// The review step's generated JSON is never typed by the user, so it is never "a field to correct".
const GENERATED_FIELDS: readonly InstrumentFormField[] = ['actusTerms'];

/** Whether the wizard shows a field for a contract type (interest terms only where the terms carry a rate). */
export function isFieldVisible(field: InstrumentFormField, contractType: ContractType | undefined): boolean {
  if (GENERATED_FIELDS.includes(field)) return false;
  if (TYPE_SPECIFIC_FIELDS.includes(field)) {
    return contractType !== undefined && CONTRACT_TYPE_FIELDS[contractType].includes(field as TypeSpecificField);
  }
  // A stock's dividends follow the payment frequency, so it keeps that one field.
  if (field === 'paymentFrequency' && contractType === 'STK') return true;
  if (INTEREST_FIELDS.includes(field)) {
    return contractType === undefined || INTEREST_BEARING_CONTRACT_TYPES.includes(contractType);
  }
  return true;
}

/** The fields of step `index` the chosen contract type shows; these are what Next validates. */
export function visibleFields(index: number, contractType: ContractType | undefined): InstrumentFormField[] {
  const fields: readonly InstrumentFormField[] = INSTRUMENT_WIZARD_STEPS[index]?.fields ?? [];
  return fields.filter((field) => isFieldVisible(field, contractType));
}

/**
 * Runs `validate` over steps 0..upTo-1 in order and returns the first failing index, or null.
 * Submit uses it to jump back to the earliest step that no longer validates.
 */
export async function firstInvalidStep(
  upTo: number,
  validate: (fields: InstrumentFormField[], index: number) => Promise<boolean>,
  contractType: ContractType | undefined,
): Promise<number | null> {
  for (let index = 0; index < upTo; index += 1) {
    if (!(await validate(visibleFields(index, contractType), index))) return index;
  }
  return null;
}

const CLEARED: Partial<InstrumentFormInput> = {
  dividendRate: null,
  strikePrice: null,
  guaranteeAmount: null,
  swapRate: null,
  interestRate: null,
};

/**
 * The values to preview and post: numbers typed into fields the chosen contract type hides
 * (e.g. a strike entered before switching from OPTNS to PAM) are dropped, not sent.
 */
export function withoutHiddenValues(values: InstrumentFormInput): InstrumentFormInput {
  const result = { ...values };
  for (const [field, cleared] of Object.entries(CLEARED) as [InstrumentFormField, null][]) {
    if (!isFieldVisible(field, values.contractType)) (result as Record<string, unknown>)[field] = cleared;
  }
  return result;
}
