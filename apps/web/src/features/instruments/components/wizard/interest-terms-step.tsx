import {
  CALENDARS,
  CONTRACT_TYPE_LABELS,
  DAY_COUNT_CONVENTIONS,
  DAY_COUNT_TO_ACTUS,
  INTEREST_RATE_TYPES,
  PAYMENT_FREQUENCIES,
  PAYMENT_FREQUENCY_LABELS,
  type ContractType,
  type InstrumentFormInput,
} from '@meridian/schemas';
import { useFormContext } from 'react-hook-form';
import { isFieldVisible } from '../../lib/wizard-steps';
import { InputField, plainOptions, SelectField } from './fields';

const FREQUENCY_OPTIONS = PAYMENT_FREQUENCIES.map((value) => ({
  value,
  label: `${PAYMENT_FREQUENCY_LABELS[value]} (${value})`,
}));
const DAY_COUNT_OPTIONS = DAY_COUNT_CONVENTIONS.map((value) => ({
  value,
  label: `${value} (ACTUS ${DAY_COUNT_TO_ACTUS[value]})`,
}));
const CALENDAR_OPTIONS = CALENDARS.map((value) => ({
  value,
  label: value === 'NOCALENDAR' ? 'No calendar (every day is a business day)' : 'Monday to Friday',
}));

function rateLabel(contractType: ContractType | undefined): string {
  if (contractType === 'CEG') return 'Premium rate (%)';
  if (contractType === 'SWPPV' || contractType === 'SWAPS') return 'Floating leg initial rate (%)';
  return 'Interest rate (%)';
}

/** Step 4: coupon, schedule and calendar terms; types without interest only keep what they use. */
export function InterestTermsStep() {
  const { watch } = useFormContext<InstrumentFormInput>();
  const contractType = watch('contractType') as ContractType | undefined;
  const shows = (field: Parameters<typeof isFieldVisible>[0]) => isFieldVisible(field, contractType);
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {!shows('interestRate') && contractType ? (
        <p className="text-sm text-muted-foreground sm:col-span-2">
          A {CONTRACT_TYPE_LABELS[contractType]} ({contractType}) carries no interest rate.
        </p>
      ) : null}
      {shows('swapRate') ? (
        <InputField
          name="swapRate"
          label="Swap rate (fixed leg, %)"
          type="number"
          step="0.01"
          placeholder="e.g. 3.25"
        />
      ) : null}
      {shows('interestRate') ? (
        <InputField
          name="interestRate"
          label={rateLabel(contractType)}
          type="number"
          step="0.01"
          placeholder="e.g. 5"
          hint="Optional; between 0 and 100."
        />
      ) : null}
      {shows('interestRateType') ? (
        <SelectField name="interestRateType" label="Interest rate type" options={plainOptions(INTEREST_RATE_TYPES)} />
      ) : null}
      {shows('paymentFrequency') ? (
        <SelectField
          name="paymentFrequency"
          label={contractType === 'STK' ? 'Dividend frequency' : 'Payment frequency'}
          options={FREQUENCY_OPTIONS}
        />
      ) : null}
      {shows('dayCountConvention') ? (
        <SelectField name="dayCountConvention" label="Day count convention" options={DAY_COUNT_OPTIONS} />
      ) : null}
      <SelectField name="calendar" label="Calendar" options={CALENDAR_OPTIONS} />
    </div>
  );
}
