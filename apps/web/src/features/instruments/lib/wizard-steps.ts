import {
  CONTRACT_TYPE_FIELDS,
  formFieldOfActusTerm,
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

/**
 * The field errors in a refused create request: a 400's `issues` (`path` like `body.name`) and a
 * 422's ACTUS `problems` (mapped from the term back to the wizard field it was built from).
 * Fields the wizard does not show for this type are left out (the toast still carries them).
 */
export function serverFieldErrors(
  body: Record<string, unknown> | null,
  contractType: ContractType | undefined,
): Partial<Record<InstrumentFormField, string>> {
  const errors: Partial<Record<InstrumentFormField, string>> = {};
  const add = (field: InstrumentFormField | null, message: unknown) => {
    if (!field || typeof message !== 'string' || field in errors || !isFieldVisible(field, contractType)) return;
    errors[field] = message;
  };
  const list = (value: unknown): Record<string, unknown>[] =>
    Array.isArray(value)
      ? value.filter((item): item is Record<string, unknown> => !!item && typeof item === 'object')
      : [];
  for (const issue of list(body?.issues)) {
    const path = typeof issue.path === 'string' ? issue.path.replace(/^body\./, '').split('.')[0] : null;
    const field = STEP_FIELDS.find((candidate) => candidate === path) ?? null;
    add(field, issue.message);
  }
  if (contractType) {
    for (const problem of list(body?.problems)) {
      if (typeof problem.term === 'string') add(formFieldOfActusTerm(problem.term, contractType), problem.message);
    }
  }
  return errors;
}

/** The first step (0-based) holding one of `fields`, or null. */
export function stepOfFields(fields: InstrumentFormField[]): number | null {
  const index = INSTRUMENT_WIZARD_STEPS.findIndex((step) =>
    (step.fields as readonly InstrumentFormField[]).some((field) => fields.includes(field)),
  );
  return index === -1 ? null : index;
}

const STEP_FIELDS: readonly InstrumentFormField[] = INSTRUMENT_WIZARD_STEPS.flatMap((step) => step.fields);
