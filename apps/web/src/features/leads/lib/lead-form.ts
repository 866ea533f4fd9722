import { z } from 'zod';
import { choiceField, textField } from '@portal/contract/fields';
import {
  LEAD_LIMITS,
  LEAD_STATUSES,
  leadCreateRequestSchema,
  type Lead,
} from '@portal/contract/leads';

/**
 * The lead drawer's form: the contract's create/update body, narrowed to the fields the drawer
 * shows, with the spec's stricter rules (§5: phone, company and status are required too; the
 * server lets the website form leave phone and company blank). The status select may still hold
 * a status this server no longer knows (imported data): it is read as text so it can be shown,
 * and refused until a known one is chosen.
 */
export const leadFormSchema = leadCreateRequestSchema
  .pick({ first_name: true, last_name: true, email: true, title: true })
  .extend({
    phone: textField(LEAD_LIMITS.phone),
    company: textField(LEAD_LIMITS.company),
    status: z.string().pipe(choiceField(LEAD_STATUSES)),
  });

export type LeadFormInput = z.input<typeof leadFormSchema>;
export type LeadFormOutput = z.output<typeof leadFormSchema>;

/** The fields a server error may name; the rest go to the form's root error. */
export const LEAD_FORM_FIELDS = [
  'first_name',
  'last_name',
  'phone',
  'email',
  'company',
  'title',
  'status',
] as const satisfies readonly (keyof LeadFormInput)[];

export const leadFormDefaults = (lead: Lead | null): LeadFormInput => ({
  first_name: lead?.first_name ?? '',
  last_name: lead?.last_name ?? '',
  phone: lead?.phone ?? '',
  email: lead?.email ?? '',
  company: lead?.company ?? '',
  title: lead?.title ?? '',
  status: lead?.status ?? 'new',
});
