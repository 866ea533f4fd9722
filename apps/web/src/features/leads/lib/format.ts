import { format } from 'date-fns';
import type { Lead } from '@portal/contract/leads';

/** Spec §9: a lead's creation time, 'MM/dd/yyyy h:mm a' in the viewer's time zone. */
export const formatLeadCreated = (iso: string): string =>
  format(new Date(iso), 'MM/dd/yyyy h:mm a');

/** First and last name; the email when both are blank (imported data). */
export const leadName = (lead: Pick<Lead, 'first_name' | 'last_name' | 'email'>): string =>
  [lead.first_name, lead.last_name]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ') || lead.email;
