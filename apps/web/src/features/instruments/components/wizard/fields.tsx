import type { InstrumentFormField, InstrumentFormInput } from '@meridian/schemas';
import type { ReactNode } from 'react';
import { Controller, useFormContext, type RegisterOptions } from 'react-hook-form';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';

export const fieldId = (name: InstrumentFormField) => `instrument-${name}`;

type FieldProps = { name: InstrumentFormField; label: string; hint?: ReactNode; children: ReactNode };

/** Label, control and the field's validation message (SPEC §5 texts come from the shared schema). */
export function Field({ name, label, hint, children }: FieldProps) {
  const { formState } = useFormContext<InstrumentFormInput>();
  const message = formState.errors[name]?.message;
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={fieldId(name)}>{label}</Label>
      {children}
      {message ? (
        <p id={`${fieldId(name)}-error`} className="text-xs font-medium text-destructive" role="alert">
          {String(message)}
        </p>
      ) : hint ? (
        <p className="text-xs text-muted-foreground">{hint}</p>
      ) : null}
    </div>
  );
}

function useFieldAria(name: InstrumentFormField) {
  const { formState } = useFormContext<InstrumentFormInput>();
  const invalid = Boolean(formState.errors[name]);
  return {
    id: fieldId(name),
    'aria-invalid': invalid,
    'aria-describedby': invalid ? `${fieldId(name)}-error` : undefined,
  };
}

// Empty number inputs mean "not given": null, which the schema reports as required where it is.
const asNumber: RegisterOptions<InstrumentFormInput>['setValueAs'] = (value: unknown) =>
  value === '' || value === null || value === undefined ? null : Number(value);

type InputFieldProps = Omit<FieldProps, 'children'> & {
  type?: 'text' | 'number' | 'date';
  placeholder?: string;
  step?: string;
};

export function InputField({ name, label, hint, type = 'text', placeholder, step }: InputFieldProps) {
  const { register } = useFormContext<InstrumentFormInput>();
  const aria = useFieldAria(name);
  const options = type === 'number' ? { setValueAs: asNumber } : {};
  return (
    <Field name={name} label={label} hint={hint}>
      <Input
        {...aria}
        type={type}
        placeholder={placeholder}
        step={step}
        inputMode={type === 'number' ? 'decimal' : undefined}
        {...register(name, options)}
      />
    </Field>
  );
}

export function TextareaField({ name, label, hint, placeholder }: Omit<InputFieldProps, 'type' | 'step'>) {
  const { register } = useFormContext<InstrumentFormInput>();
  // SPEC §5: the description textarea has 4 rows.
  return (
    <Field name={name} label={label} hint={hint}>
      <Textarea {...useFieldAria(name)} rows={4} placeholder={placeholder} {...register(name)} />
    </Field>
  );
}

export type Option = { value: string; label: string };
// Radix Select cannot hold '' as a value; this stands for "not given" and maps back to ''.
const NONE = '__none__';

type SelectFieldProps = Omit<FieldProps, 'children'> & { options: readonly Option[]; noneLabel?: string };

export function SelectField({ name, label, hint, options, noneLabel }: SelectFieldProps) {
  const { control } = useFormContext<InstrumentFormInput>();
  const aria = useFieldAria(name);
  return (
    <Field name={name} label={label} hint={hint}>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <Select
            value={field.value ? String(field.value) : noneLabel ? NONE : ''}
            onValueChange={(value) => field.onChange(value === NONE ? '' : value)}
          >
            <SelectTrigger {...aria} onBlur={field.onBlur} ref={field.ref}>
              <SelectValue placeholder="Select..." />
            </SelectTrigger>
            <SelectContent>
              {noneLabel ? <SelectItem value={NONE}>{noneLabel}</SelectItem> : null}
              {options.map((option) => (
                <SelectItem key={option.value} value={option.value}>
                  {option.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      />
    </Field>
  );
}

/** Options whose label is the value itself, e.g. currency codes. */
export const plainOptions = (values: readonly string[]): Option[] => values.map((value) => ({ value, label: value }));
