import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { isLeadStatus, LEAD_STATUS_LABELS, LEAD_STATUSES } from '@portal/contract/leads';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import type { LeadFormInput } from '../lib/lead-form';
import { NativeSelect } from '../../../components/ui/native-select';

export type LeadFormFieldsProps = {
  register: UseFormRegister<LeadFormInput>;
  errors: FieldErrors<LeadFormInput>;
  /** The lead's stored status, offered even when this app does not know it (imported data). */
  storedStatus?: string;
};

/** The lead form's controls (spec §5): all required but the title. */
export const LeadFormFields = ({ register, errors, storedStatus }: LeadFormFieldsProps) => {
  // Staff type someone else's details here: the browser's autofill would offer their own.
  const text = (name: Exclude<keyof LeadFormInput, 'status'>, label: string, type = 'text') => (
    <Field label={label} htmlFor={`lead-${name}`} error={errors[name]?.message}>
      <Input
        id={`lead-${name}`}
        type={type}
        autoComplete="off"
        invalid={Boolean(errors[name])}
        {...register(name)}
      />
    </Field>
  );
  return (
    <div className="grid gap-x-4 gap-y-4 sm:grid-cols-2">
      {text('first_name', 'First name')}
      {text('last_name', 'Last name')}
      {text('email', 'Email', 'email')}
      {text('phone', 'Phone', 'tel')}
      {text('company', 'Company')}
      {text('title', 'Title (optional)')}
      <Field label="Status" htmlFor="lead-status" error={errors.status?.message}>
        <NativeSelect id="lead-status" invalid={Boolean(errors.status)} {...register('status')}>
          {storedStatus && !isLeadStatus(storedStatus) && (
            <option value={storedStatus}>{storedStatus}</option>
          )}
          {LEAD_STATUSES.map((value) => (
            <option key={value} value={value}>
              {LEAD_STATUS_LABELS[value]}
            </option>
          ))}
        </NativeSelect>
      </Field>
    </div>
  );
};
