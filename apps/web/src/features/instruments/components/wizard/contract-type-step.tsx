import { CONTRACT_TYPE_LABELS, CONTRACT_TYPES, type InstrumentFormInput } from '@meridian/schemas';
import { Controller, useFormContext } from 'react-hook-form';
import { onRadioArrowKey, radioTabIndex } from '@/components/ui/radio-keys';
import { cn } from '@/lib/utils';
import { CONTRACT_TYPE_SUMMARIES } from '../../lib/contract-type-summaries';
import { Field, fieldId } from './fields';

/** Step 1: which ACTUS contract type to issue, as a radio group of cards. */
export function ContractTypeStep() {
  const { control } = useFormContext<InstrumentFormInput>();
  return (
    <Field name="contractType" label="ACTUS contract type">
      <Controller
        control={control}
        name="contractType"
        render={({ field, fieldState }) => (
          <div
            id={fieldId('contractType')}
            role="radiogroup"
            aria-label="ACTUS contract type"
            aria-invalid={fieldState.invalid}
            aria-describedby={fieldState.invalid ? `${fieldId('contractType')}-error` : undefined}
            className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3"
          >
            {CONTRACT_TYPES.map((type) => {
              const selected = field.value === type;
              return (
                <button
                  key={type}
                  type="button"
                  role="radio"
                  aria-checked={selected}
                  tabIndex={radioTabIndex(CONTRACT_TYPES, field.value, type)}
                  onClick={() => field.onChange(type)}
                  onKeyDown={(event) => onRadioArrowKey(event, CONTRACT_TYPES, field.value, field.onChange)}
                  className={cn(
                    'flex flex-col gap-1 rounded-lg border p-3 text-left transition-colors hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                    selected && 'border-primary bg-primary/5 ring-1 ring-primary',
                  )}
                >
                  <span className="text-sm font-semibold">
                    {type} <span className="font-normal text-muted-foreground">· {CONTRACT_TYPE_LABELS[type]}</span>
                  </span>
                  <span className="text-xs text-muted-foreground">{CONTRACT_TYPE_SUMMARIES[type]}</span>
                </button>
              );
            })}
          </div>
        )}
      />
    </Field>
  );
}
