import { CONTRACT_ROLES } from '@meridian/schemas';
import { InputField, SelectField, TextareaField } from './fields';

const CONTRACT_ROLE_OPTIONS = CONTRACT_ROLES.map((role) => ({
  value: role,
  label: role === 'RPA' ? 'RPA — real position asset (holder)' : 'RPL — real position liability (issuer)',
}));

/** Step 2: name, description and the role the terms are written from. */
export function BasicInformationStep() {
  return (
    <div className="grid gap-4">
      <InputField name="name" label="Instrument name" placeholder="e.g. Meridian 5% Senior Notes 2031" />
      <TextareaField
        name="description"
        label="Description"
        placeholder="What the instrument is for and who may hold it"
      />
      <SelectField
        name="contractRole"
        label="Contract role"
        options={CONTRACT_ROLE_OPTIONS}
        hint="The point of view of the generated terms; RPA describes the cash flows a holder receives."
      />
    </div>
  );
}
