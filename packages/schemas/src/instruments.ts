import { z } from 'zod';
import {
  CALENDARS,
  CONTRACT_ROLES,
  CONTRACT_TYPE_LABELS,
  CONTRACT_TYPES,
  CURRENCIES,
  DAY_COUNT_CONVENTIONS,
  DEFAULT_CALENDAR,
  DEFAULT_CONTRACT_ROLE,
  DEFAULT_CURRENCY,
  DEFAULT_DAY_COUNT_CONVENTION,
  DEFAULT_INTEREST_RATE_TYPE,
  DEFAULT_OPTION_TYPE,
  DEFAULT_PAYMENT_FREQUENCY,
  INTEREST_RATE_TYPES,
  MAX_NOTIONAL_AMOUNT,
  OPTION_TYPES,
  PAYMENT_FREQUENCIES,
  faceValueMinor,
} from './instrument-constants';
import {
  CONTROL_CHARACTERS,
  CONTROL_CHARACTERS_MESSAGE,
  LINE_CONTROL_CHARACTERS,
  fromMinorUnits,
  toMinorUnits,
} from './common';

export * from './instrument-constants';
export * from './instrument-responses';

const MAX_NAME_LENGTH = 200;
const MAX_DESCRIPTION_LENGTH = 2000;

/** Validation messages of the wizard; the first seven are SPEC §5 word for word. */
export const INSTRUMENT_MESSAGES = {
  contractTypeRequired: 'Contract type is required',
  nameRequired: 'Instrument name is required',
  nameTooShort: 'Name must be at least 3 characters',
  nameTooLong: `Name must be at most ${MAX_NAME_LENGTH} characters`,
  descriptionTooLong: `Description must be at most ${MAX_DESCRIPTION_LENGTH.toLocaleString('en-US')} characters`,
  strikePriceRequired: 'Strike price is required for an option',
  futuresPriceRequired: 'Futures price is required for a future',
  swapRateRequired: 'Swap rate is required for a swap',
  notionalRequired: 'Notional amount is required',
  notionalPositive: 'Amount must be greater than 0',
  interestRateRange: 'Interest rate must be between 0 and 100',
  maturityAfterIssue: 'Maturity date must be after issue date',
  notionalTooLarge: `Amount must not exceed ${MAX_NOTIONAL_AMOUNT.toLocaleString('en-US')}`,
  notionalDecimals: 'Amount can have at most 2 decimal places',
  issueDateRequired: 'Issue date is required',
  invalidDate: 'Enter a valid date',
  dividendRateRange: 'Dividend rate must be between 0 and 100',
  swapRateRange: 'Swap rate must be between 0 and 100',
  strikePricePositive: 'Strike price must be greater than 0',
  guaranteeAmountPositive: 'Guarantee amount must be greater than 0',
  /** Step navigation toasts (SPEC §5). */
  correctFields: 'Please correct the highlighted fields',
} as const;

/** The toast shown when submit finds an earlier step invalid (SPEC §5). */
export function completeStepMessage(stepNumber: number, stepTitle: string): string {
  return `Please complete step ${stepNumber}: ${stepTitle}`;
}

// Optional numbers arrive as null when the input is empty (the form maps '' to null).
const percent = (message: string) => z.number({ error: message }).min(0, message).max(100, message).nullish();
const positive = (message: string) => z.number({ error: message }).gt(0, message).nullish();
// Dates are calendar days; '' from an empty date input means "not given".
const optionalDate = z.union([z.iso.date({ error: INSTRUMENT_MESSAGES.invalidDate }), z.literal('')]).nullish();

const instrumentFormShape = z.object({
  contractType: z.enum(CONTRACT_TYPES, { error: INSTRUMENT_MESSAGES.contractTypeRequired }),
  name: z
    .string({ error: INSTRUMENT_MESSAGES.nameRequired })
    .trim()
    .min(1, INSTRUMENT_MESSAGES.nameRequired)
    // Each check names its own message: the schema-level `error` above would otherwise answer
    // "Instrument name is required" for a name that is too long.
    .max(MAX_NAME_LENGTH, INSTRUMENT_MESSAGES.nameTooLong)
    // Continuable on purpose: an empty name reports "required" only, not also "too short".
    .refine((name) => name.length === 0 || name.length >= 3, INSTRUMENT_MESSAGES.nameTooShort)
    .refine((name) => !LINE_CONTROL_CHARACTERS.test(name), CONTROL_CHARACTERS_MESSAGE),
  description: z
    .string()
    .trim()
    .max(MAX_DESCRIPTION_LENGTH, INSTRUMENT_MESSAGES.descriptionTooLong)
    .refine((text) => !CONTROL_CHARACTERS.test(text), CONTROL_CHARACTERS_MESSAGE)
    .nullish(),
  // A decimal string ("1000000.00", as the API sends money) or a JSON number, read once here.
  notionalAmount: z
    .union(
      [
        // Form resolvers report a failed union by its first branch's first issue: it must say this.
        z.number({ error: INSTRUMENT_MESSAGES.notionalRequired }),
        z
          .string()
          .regex(/^\s*\d+(\.\d+)?\s*$/, INSTRUMENT_MESSAGES.notionalDecimals)
          .transform(Number),
      ],
      { error: INSTRUMENT_MESSAGES.notionalRequired },
    )
    .pipe(
      z
        .number()
        .gt(0, INSTRUMENT_MESSAGES.notionalPositive)
        .max(MAX_NOTIONAL_AMOUNT, INSTRUMENT_MESSAGES.notionalTooLarge)
        .refine((amount) => amount <= 0 || toMinorUnits(amount) !== null, INSTRUMENT_MESSAGES.notionalDecimals),
    ),
  currency: z.enum(CURRENCIES).default(DEFAULT_CURRENCY),
  settlementCurrency: z.union([z.enum(CURRENCIES), z.literal('')]).nullish(),
  issueDate: z.iso.date({ error: INSTRUMENT_MESSAGES.issueDateRequired }),
  maturityDate: optionalDate,
  statusDate: optionalDate,
  interestRate: percent(INSTRUMENT_MESSAGES.interestRateRange),
  interestRateType: z.enum(INTEREST_RATE_TYPES).default(DEFAULT_INTEREST_RATE_TYPE),
  paymentFrequency: z.enum(PAYMENT_FREQUENCIES).default(DEFAULT_PAYMENT_FREQUENCY),
  dayCountConvention: z.enum(DAY_COUNT_CONVENTIONS).default(DEFAULT_DAY_COUNT_CONVENTION),
  dividendRate: percent(INSTRUMENT_MESSAGES.dividendRateRange),
  strikePrice: positive(INSTRUMENT_MESSAGES.strikePricePositive),
  optionType: z.enum(OPTION_TYPES).default(DEFAULT_OPTION_TYPE),
  guaranteeAmount: positive(INSTRUMENT_MESSAGES.guaranteeAmountPositive),
  swapRate: percent(INSTRUMENT_MESSAGES.swapRateRange),
  contractRole: z.enum(CONTRACT_ROLES).default(DEFAULT_CONTRACT_ROLE),
  calendar: z.enum(CALENDARS).default(DEFAULT_CALENDAR),
  /** Generated terms JSON shown on the review step; the server ignores it and rebuilds the terms. */
  actusTerms: z.string().nullish(),
});

type FormShape = z.input<typeof instrumentFormShape>;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** SPEC §5: maturity, when given, must be after the issue date. Runs even while other fields are invalid. */
const maturityAfterIssue = z.refine<z.output<typeof instrumentFormShape>>(
  (form) => !form.maturityDate || form.maturityDate > form.issueDate,
  {
    error: INSTRUMENT_MESSAGES.maturityAfterIssue,
    path: ['maturityDate'],
    when: ({ value }) => {
      // A null or missing body reaches here too (the check runs on invalid input).
      if (typeof value !== 'object' || value === null) return false;
      const form = value as Partial<Record<keyof FormShape, unknown>>;
      return (
        typeof form.issueDate === 'string' &&
        ISO_DAY.test(form.issueDate) &&
        typeof form.maturityDate === 'string' &&
        ISO_DAY.test(form.maturityDate)
      );
    },
  },
);

/** "Maturity date is required for Principal at Maturity contracts" (every type but stocks needs one). */
export function maturityRequiredMessage(contractType: (typeof CONTRACT_TYPES)[number]): string {
  return `Maturity date is required for ${CONTRACT_TYPE_LABELS[contractType]} contracts`;
}

/**
 * The terms a contract type cannot do without (the ACTUS engine rejects the instrument
 * otherwise), reported on the field where they are entered so the wizard stops on that step:
 * a maturity date for every type but stocks, the strike of an option, the futures price of a
 * future, the fixed rate of a swap. Runs as soon as the contract type is known, even while
 * other fields are still invalid.
 */
const requiredTerms = z.superRefine<z.output<typeof instrumentFormShape>>(
  (form, context) => {
    const type = form.contractType;
    const missing = (path: InstrumentFormField, message: string) =>
      context.addIssue({ code: 'custom', message, path: [path], input: form[path], continue: true });
    if (type !== 'STK' && !form.maturityDate) missing('maturityDate', maturityRequiredMessage(type));
    if (type === 'OPTNS' && form.strikePrice == null) missing('strikePrice', INSTRUMENT_MESSAGES.strikePriceRequired);
    if (type === 'FUTUR' && form.strikePrice == null) missing('strikePrice', INSTRUMENT_MESSAGES.futuresPriceRequired);
    if ((type === 'SWAPS' || type === 'SWPPV') && form.swapRate == null) {
      missing('swapRate', INSTRUMENT_MESSAGES.swapRateRequired);
    }
  },
  {
    when: ({ value }) =>
      typeof value === 'object' &&
      value !== null &&
      (CONTRACT_TYPES as readonly unknown[]).includes((value as { contractType?: unknown }).contractType),
  },
);

/** Units must be whole: the notional has to be a multiple of the face value of one unit. */
const wholeUnits = z.refine<z.output<typeof instrumentFormShape>>(
  (form) => {
    const minor = toMinorUnits(form.notionalAmount);
    return minor === null || minor % faceValueMinor(form.contractType) === 0n;
  },
  {
    error: (issue) => {
      const form = issue.input as { contractType: (typeof CONTRACT_TYPES)[number] };
      return `Amount must be a multiple of ${fromMinorUnits(faceValueMinor(form.contractType))} (the face value of one unit)`;
    },
    path: ['notionalAmount'],
  },
);

/**
 * The Create ACTUS Instrument wizard form (SPEC §3) and the body of `POST /api/instruments`.
 * Numbers are numbers (the form maps empty inputs to null); dates are `YYYY-MM-DD`.
 */
export const instrumentFormSchema = instrumentFormShape
  .check(maturityAfterIssue, requiredTerms, wholeUnits)
  .meta({ id: 'InstrumentForm' });
export type InstrumentFormInput = z.input<typeof instrumentFormSchema>;
export type InstrumentForm = z.output<typeof instrumentFormSchema>;
export type InstrumentFormField = keyof InstrumentFormInput;

/** The five wizard steps (SPEC §4) with the fields each one validates before Next. */
export const INSTRUMENT_WIZARD_STEPS = [
  { title: 'Contract Type', fields: ['contractType'] },
  { title: 'Basic Information', fields: ['name', 'description', 'contractRole'] },
  {
    title: 'Financial Terms',
    fields: [
      'notionalAmount',
      'currency',
      'settlementCurrency',
      'issueDate',
      'maturityDate',
      'statusDate',
      'dividendRate',
      'strikePrice',
      'optionType',
      'guaranteeAmount',
    ],
  },
  {
    title: 'Interest Terms',
    fields: ['interestRate', 'interestRateType', 'paymentFrequency', 'dayCountConvention', 'swapRate', 'calendar'],
  },
  { title: 'Review and Submit', fields: ['actusTerms'] },
] as const satisfies readonly { title: string; fields: readonly InstrumentFormField[] }[];

/**
 * Field errors of one wizard step (0-based), keyed by field, first message each.
 * Validates the whole form and keeps the step's fields, so cross-field rules apply.
 */
export function wizardStepErrors(stepIndex: number, values: unknown): Partial<Record<InstrumentFormField, string>> {
  const step = INSTRUMENT_WIZARD_STEPS[stepIndex];
  if (!step) return {};
  const fields: readonly string[] = step.fields;
  const result = instrumentFormSchema.safeParse(values);
  const errors: Partial<Record<InstrumentFormField, string>> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && fields.includes(field) && !(field in errors)) {
      errors[field as InstrumentFormField] = issue.message;
    }
  }
  return errors;
}

/** Initial wizard values (SPEC §3/§9 defaults); `today` is the issue date offered. */
export function instrumentFormDefaults(today: string): InstrumentFormInput {
  return {
    contractType: undefined as unknown as InstrumentForm['contractType'],
    name: '',
    description: '',
    notionalAmount: undefined as unknown as number,
    currency: DEFAULT_CURRENCY,
    settlementCurrency: '',
    issueDate: today,
    maturityDate: '',
    statusDate: '',
    interestRate: null,
    interestRateType: DEFAULT_INTEREST_RATE_TYPE,
    paymentFrequency: DEFAULT_PAYMENT_FREQUENCY,
    dayCountConvention: DEFAULT_DAY_COUNT_CONVENTION,
    dividendRate: null,
    strikePrice: null,
    optionType: DEFAULT_OPTION_TYPE,
    guaranteeAmount: null,
    swapRate: null,
    contractRole: DEFAULT_CONTRACT_ROLE,
    calendar: DEFAULT_CALENDAR,
    actusTerms: '',
  };
}
