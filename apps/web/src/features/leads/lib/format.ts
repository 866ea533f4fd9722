import type { Lead } from '@portal/contract/leads';

/** First and last name; the email when both are blank (imported data). */
export const leadName = (lead: Pick<Lead, 'first_name' | 'last_name' | 'email'>): string =>
  [lead.first_name, lead.last_name]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ') || lead.email;
