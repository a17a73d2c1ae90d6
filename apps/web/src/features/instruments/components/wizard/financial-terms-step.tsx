import { CURRENCIES, OPTION_TYPES, type ContractType, type InstrumentFormInput } from '@meridian/schemas';
import { useFormContext } from 'react-hook-form';
import { isFieldVisible } from '../../lib/wizard-steps';
import { InputField, plainOptions, SelectField } from './fields';

/** Step 3: amounts, currencies, dates and the fields only some contract types have. */
export function FinancialTermsStep() {
  const { watch } = useFormContext<InstrumentFormInput>();
  const contractType = watch('contractType') as ContractType | undefined;
  const currency = watch('currency') ?? 'USD';
  const shows = (field: Parameters<typeof isFieldVisible>[0]) => isFieldVisible(field, contractType);
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <InputField
        name="notionalAmount"
        label={`Notional amount (${currency})`}
        type="number"
        step="0.01"
        placeholder="1000000"
      />
      <SelectField name="currency" label="Currency" options={plainOptions(CURRENCIES)} />
      <InputField name="issueDate" label="Issue date" type="date" />
      <InputField
        name="maturityDate"
        label="Maturity date"
        type="date"
        hint={contractType === 'STK' ? 'Optional; must be after the issue date.' : 'Must be after the issue date.'}
      />
      <SelectField
        name="settlementCurrency"
        label="Settlement currency"
        options={plainOptions(CURRENCIES)}
        noneLabel="Same as currency"
      />
      <InputField
        name="statusDate"
        label="Status date"
        type="date"
        hint="Optional; defaults to the day before issue."
      />
      {shows('guaranteeAmount') ? (
        <InputField
          name="guaranteeAmount"
          label="Guarantee amount"
          type="number"
          step="0.01"
          hint="Defaults to the notional."
        />
      ) : null}
      {shows('strikePrice') ? (
        <InputField
          name="strikePrice"
          label={contractType === 'FUTUR' ? 'Futures price' : 'Strike price'}
          type="number"
          step="0.01"
        />
      ) : null}
      {shows('optionType') ? (
        <SelectField name="optionType" label="Option type" options={plainOptions(OPTION_TYPES)} />
      ) : null}
      {shows('dividendRate') ? (
        <InputField
          name="dividendRate"
          label="Dividend rate (% per year)"
          type="number"
          step="0.01"
          placeholder="e.g. 3.5"
        />
      ) : null}
    </div>
  );
}
