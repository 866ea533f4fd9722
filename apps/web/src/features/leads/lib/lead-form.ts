import { z } from 'zod';
import { blankableTextField, choiceField, textField } from '@portal/contract/fields';
import {
  LEAD_LIMITS,
  LEAD_STATUSES,
  leadCreateRequestSchema,
  type Lead,
} from '@portal/contract/leads';

/**
 * The lead drawer's form: the contract's create/update body, narrowed to the fields the drawer
 * shows, with the spec's stricter rules (§5: phone, company and status are required too). The
 * server lets the website form and an import leave phone and company blank, and a lead that came
 * in so may stay so: the form does not make staff invent a phone number to change its status
 * (issue 26). Once a lead has one, it is required again. The status select may still hold a
 * status this server no longer knows (imported data): it is read as text so it can be shown,
 * and refused until a known one is chosen.
 */
export const leadFormSchemaFor = (lead: Pick<Lead, 'phone' | 'company'> | null) => {
  const arrivedBlank = (stored: string | undefined) => lead !== null && stored === '';
  const field = (max: number, stored: string | undefined) =>
    arrivedBlank(stored) ? blankableTextField(max) : textField(max);
  return leadCreateRequestSchema
    .pick({ first_name: true, last_name: true, email: true, title: true })
    .extend({
      phone: field(LEAD_LIMITS.phone, lead?.phone),
      company: field(LEAD_LIMITS.company, lead?.company),
      status: z.string().pipe(choiceField(LEAD_STATUSES)),
    });
};

/** The form of a new lead: everything but the title required. */
export const leadFormSchema = leadFormSchemaFor(null);

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
