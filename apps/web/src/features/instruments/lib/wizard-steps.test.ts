import { instrumentFormDefaults } from '@meridian/schemas';
import { describe, expect, it } from 'vitest';
import {
  firstInvalidStep,
  isFieldVisible,
  serverFieldErrors,
  STEP_TITLES,
  stepOfFields,
  visibleFields,
  withoutHiddenValues,
} from './wizard-steps';

describe('wizard steps', () => {
  it('has the five titles of SPEC §4 in order', () => {
    expect(STEP_TITLES).toEqual([
      'Contract Type',
      'Basic Information',
      'Financial Terms',
      'Interest Terms',
      'Review and Submit',
    ]);
  });

  it('shows type-specific fields only for their contract types', () => {
    expect(isFieldVisible('dividendRate', 'STK')).toBe(true);
    expect(isFieldVisible('dividendRate', 'PAM')).toBe(false);
    expect(visibleFields(2, 'OPTNS')).toEqual(expect.arrayContaining(['strikePrice', 'optionType']));
    expect(visibleFields(2, 'OPTNS')).not.toContain('guaranteeAmount');
    expect(visibleFields(2, 'CEG')).toContain('guaranteeAmount');
    expect(visibleFields(3, 'SWPPV')).toContain('swapRate');
  });

  it('hides interest terms for types without an interest rate', () => {
    expect(visibleFields(3, 'STK')).not.toContain('interestRate');
    expect(visibleFields(3, 'OPTNS')).not.toContain('paymentFrequency');
    // Dividends follow the payment frequency.
    expect(visibleFields(3, 'STK')).toContain('paymentFrequency');
    expect(visibleFields(3, 'PAM')).toEqual(
      expect.arrayContaining(['interestRate', 'paymentFrequency', 'dayCountConvention']),
    );
  });

  it('never asks the user to correct the generated terms', () => {
    expect(visibleFields(4, 'PAM')).toEqual([]);
  });
});

describe('firstInvalidStep', () => {
  it('returns the earliest failing step, checking steps in order', async () => {
    const seen: number[] = [];
    const result = await firstInvalidStep(
      4,
      async (_fields, index) => {
        seen.push(index);
        return index !== 1 && index !== 2;
      },
      'PAM',
    );
    expect(result).toBe(1);
    expect(seen).toEqual([0, 1]);
  });

  it('returns null when every earlier step validates', async () => {
    expect(await firstInvalidStep(4, async () => true, 'PAM')).toBeNull();
  });
});

describe('withoutHiddenValues', () => {
  it('drops numbers of fields the contract type hides and keeps visible ones', () => {
    const values = {
      ...instrumentFormDefaults('2026-01-01'),
      contractType: 'PAM' as const,
      strikePrice: 50,
      interestRate: 4,
    };
    const cleaned = withoutHiddenValues(values);
    expect(cleaned.strikePrice).toBeNull();
    expect(cleaned.interestRate).toBe(4);
    expect(withoutHiddenValues({ ...values, contractType: 'STK' }).interestRate).toBeNull();
  });
});

describe('serverFieldErrors', () => {
  it('puts a 400 issue on its field and an ACTUS 422 problem on the field its term came from', () => {
    const body = {
      code: 'VALIDATION_ERROR',
      issues: [
        { path: 'body.name', message: 'Name must be at most 200 characters' },
        { path: 'body', message: 'ignored: no field' },
      ],
      problems: [
        { term: 'optionStrike1', code: 'required', message: 'optionStrike1 is required for OPTNS' },
        { term: 'optionExerciseType', code: 'x', message: 'not a form field' },
      ],
    };
    expect(serverFieldErrors(body, 'OPTNS')).toEqual({
      name: 'Name must be at most 200 characters',
      strikePrice: 'optionStrike1 is required for OPTNS',
    });
    expect(stepOfFields(['strikePrice', 'name'])).toBe(1);
    expect(stepOfFields([])).toBeNull();
  });

  it('leaves out fields the contract type hides and bodies that are not JSON objects', () => {
    expect(serverFieldErrors({ problems: [{ term: 'optionStrike1', message: 'x' }] }, 'PAM')).toEqual({});
    expect(serverFieldErrors(null, 'PAM')).toEqual({});
    expect(serverFieldErrors({ issues: 'nonsense' }, 'PAM')).toEqual({});
  });
});
