import { describe, expect, it } from 'vitest';
import { INSTRUMENT_WIZARD_STEPS, instrumentFormDefaults, instrumentFormSchema, wizardStepErrors } from './instruments';

const valid = {
  contractType: 'PAM',
  name: 'City Bond 2030',
  notionalAmount: 1_000_000,
  issueDate: '2025-01-15',
  maturityDate: '2030-01-15',
  interestRate: 4.5,
};

function messages(input: unknown): Record<string, string[]> {
  const result = instrumentFormSchema.safeParse(input);
  if (result.success) return {};
  const byField: Record<string, string[]> = {};
  for (const issue of result.error.issues) (byField[issue.path.join('.')] ??= []).push(issue.message);
  return byField;
}

describe('instrumentFormSchema (SPEC §5)', () => {
  it('accepts a valid form and applies the SPEC §9 defaults', () => {
    const form = instrumentFormSchema.parse(valid);
    expect(form).toMatchObject({
      currency: 'USD',
      paymentFrequency: 'P6M',
      interestRateType: 'FIXED',
      contractRole: 'RPA',
      optionType: 'CALL',
      calendar: 'NOCALENDAR',
      dayCountConvention: 'A/365',
    });
  });

  it('reads the notional once from a decimal string as the API sends money', () => {
    expect(instrumentFormSchema.parse({ ...valid, notionalAmount: '1000000.00' }).notionalAmount).toBe(1_000_000);
    expect(messages({ ...valid, notionalAmount: '1000000.005' }).notionalAmount).toEqual([
      'Amount can have at most 2 decimal places',
    ]);
    expect(messages({ ...valid, notionalAmount: '1,000' }).notionalAmount).toBeDefined();
    expect(messages({ ...valid, notionalAmount: '0' }).notionalAmount).toBeDefined();
  });

  it.each([
    ['missing contract type', { contractType: undefined }, 'contractType', 'Contract type is required'],
    ['empty contract type', { contractType: '' }, 'contractType', 'Contract type is required'],
    ['missing name', { name: undefined }, 'name', 'Instrument name is required'],
    ['blank name', { name: '   ' }, 'name', 'Instrument name is required'],
    ['short name', { name: 'ab' }, 'name', 'Name must be at least 3 characters'],
    ['missing notional', { notionalAmount: undefined }, 'notionalAmount', 'Notional amount is required'],
    ['null notional', { notionalAmount: null }, 'notionalAmount', 'Notional amount is required'],
    ['zero notional', { notionalAmount: 0 }, 'notionalAmount', 'Amount must be greater than 0'],
    ['negative notional', { notionalAmount: -5 }, 'notionalAmount', 'Amount must be greater than 0'],
    ['rate below 0', { interestRate: -0.1 }, 'interestRate', 'Interest rate must be between 0 and 100'],
    ['rate above 100', { interestRate: 100.5 }, 'interestRate', 'Interest rate must be between 0 and 100'],
    ['maturity before issue', { maturityDate: '2024-12-31' }, 'maturityDate', 'Maturity date must be after issue date'],
    ['maturity on issue', { maturityDate: '2025-01-15' }, 'maturityDate', 'Maturity date must be after issue date'],
  ])('%s', (_label, patch, field, message) => {
    expect(messages({ ...valid, ...patch })[field]).toEqual([message]);
  });

  it('treats an empty rate as not given', () => {
    expect(messages({ ...valid, interestRate: null })).toEqual({});
  });

  it('says a name or description is too long (not "required")', () => {
    expect(messages({ ...valid, name: 'x'.repeat(3000) }).name).toEqual(['Name must be at most 200 characters']);
    expect(messages({ ...valid, name: 'x'.repeat(200) })).toEqual({});
    expect(messages({ ...valid, description: 'x'.repeat(2001) }).description).toEqual([
      'Description must be at most 2,000 characters',
    ]);
  });

  it.each([
    ['PAM', { maturityDate: '' }, 'maturityDate', 'Maturity date is required for Principal at Maturity contracts'],
    ['ANN', { maturityDate: '' }, 'maturityDate', 'Maturity date is required for Annuity contracts'],
    ['OPTNS', { strikePrice: null }, 'strikePrice', 'Strike price is required for an option'],
    ['FUTUR', { strikePrice: undefined }, 'strikePrice', 'Futures price is required for a future'],
    ['SWAPS', { swapRate: null }, 'swapRate', 'Swap rate is required for a swap'],
    ['SWPPV', { swapRate: null }, 'swapRate', 'Swap rate is required for a swap'],
  ])('a %s without its required term is stopped on that field', (contractType, patch, field, message) => {
    const complete = { ...valid, contractType, strikePrice: 100, swapRate: 3 };
    expect(messages(complete)).toEqual({});
    expect(messages({ ...complete, ...patch })[field]).toEqual([message]);
  });

  it('lets a stock go without maturity date', () => {
    expect(messages({ ...valid, contractType: 'STK', maturityDate: '' })).toEqual({});
  });

  it('accepts the rate bounds 0 and 100', () => {
    expect(messages({ ...valid, interestRate: 0 })).toEqual({});
    expect(messages({ ...valid, interestRate: 100 })).toEqual({});
  });

  it('checks maturity against issue date even while other steps are incomplete', () => {
    expect(
      messages({ ...valid, name: '', notionalAmount: undefined, maturityDate: '2020-01-01' }).maturityDate,
    ).toEqual(['Maturity date must be after issue date']);
  });

  it('requires whole units of the face value', () => {
    expect(messages({ ...valid, notionalAmount: 1050 }).notionalAmount).toEqual([
      'Amount must be a multiple of 100.00 (the face value of one unit)',
    ]);
    expect(messages({ ...valid, contractType: 'STK', notionalAmount: 1050 })).toEqual({});
    expect(messages({ ...valid, contractType: 'STK', notionalAmount: 10.5 }).notionalAmount).toEqual([
      'Amount must be a multiple of 1.00 (the face value of one unit)',
    ]);
    expect(messages({ ...valid, notionalAmount: 100.001 }).notionalAmount).toEqual([
      'Amount can have at most 2 decimal places',
    ]);
  });
});

describe('wizard steps', () => {
  it('has the five SPEC §4 titles in order', () => {
    expect(INSTRUMENT_WIZARD_STEPS.map((step) => step.title)).toEqual([
      'Contract Type',
      'Basic Information',
      'Financial Terms',
      'Interest Terms',
      'Review and Submit',
    ]);
  });

  it('reports only the errors of the asked step', () => {
    const blank = instrumentFormDefaults('2025-01-15');
    expect(wizardStepErrors(0, blank)).toEqual({ contractType: 'Contract type is required' });
    expect(wizardStepErrors(1, blank)).toEqual({ name: 'Instrument name is required' });
    expect(wizardStepErrors(2, blank)).toEqual({ notionalAmount: 'Notional amount is required' });
    expect(wizardStepErrors(2, { ...blank, contractType: 'OPTNS' })).toEqual({
      notionalAmount: 'Notional amount is required',
      maturityDate: 'Maturity date is required for Option contracts',
      strikePrice: 'Strike price is required for an option',
    });
    expect(wizardStepErrors(3, { ...blank, interestRate: 120 })).toEqual({
      interestRate: 'Interest rate must be between 0 and 100',
    });
    expect(wizardStepErrors(3, blank)).toEqual({});
  });
});
