import type { Lead } from '@portal/contract/leads';
import {
  brandedHtml,
  emailButton,
  escapeHtml,
  oneLine,
  textSignature,
  type EmailBrand,
} from '../../mail/format';
import type { Email } from '../../mail/outbox';

export type NewLeadEmail = {
  to: string;
  brand: EmailBrand;
  /** Where staff open the lead: the lead list searched for its email address. */
  link: string;
  lead: Pick<
    Lead,
    'first_name' | 'last_name' | 'email' | 'phone' | 'company' | 'title' | 'message' | 'metadata'
  >;
  /** The person already had a lead: this visit was added to its history. */
  returning?: boolean;
};

/** Tells a staff member that the website form brought in a lead; the text part is the real one. */
export const newLeadEmail = ({ to, brand, link, lead, returning }: NewLeadEmail): Email => {
  const name = `${lead.first_name} ${lead.last_name}`;
  const who = lead.company ? `${name} (${lead.company})` : name;
  const subject = oneLine(
    returning ? `Returning lead on the website: ${who}` : `New lead from the website: ${who}`,
    200,
  );
  const intro = returning
    ? 'Someone who is already a lead filled in the contact form on the website again. Their message was added to the lead as a comment:'
    : 'Someone filled in the contact form on the website:';
  const details: [string, string][] = [
    ['Name', name],
    ['Email', lead.email],
    ['Phone', lead.phone],
    ['Company', lead.company],
    ['Title', lead.title],
  ];
  const shown = details.filter(([, value]) => value !== '');
  const metadata = Object.entries(lead.metadata);
  const text = [
    'Hello,',
    '',
    intro,
    '',
    ...shown.map(([label, value]) => `${label}: ${value}`),
    ...(lead.message ? ['', 'Message:', lead.message] : []),
    ...(metadata.length > 0
      ? ['', 'Came from a page with:', ...metadata.map(([key, value]) => `  ${key} = ${value}`)]
      : []),
    '',
    `Open the lead: ${link}`,
    ...textSignature(brand),
  ].join('\n');
  const row = (label: string, value: string) =>
    `<tr><th align="left" style="padding:2px 12px 2px 0;color:#555;font-weight:normal">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`;
  const html = brandedHtml(
    brand,
    [
      '<p>Hello,</p>',
      `<p>${escapeHtml(intro)}</p>`,
      `<table>${shown.map(([label, value]) => row(label, value)).join('')}</table>`,
      lead.message
        ? `<p style="white-space:pre-wrap;border-left:3px solid #ddd;padding-left:12px">${escapeHtml(lead.message)}</p>`
        : '',
      metadata.length > 0
        ? `<p style="font-size:13px;color:#555">Came from a page with:</p><table style="font-size:13px">${metadata.map(([key, value]) => row(key, value)).join('')}</table>`
        : '',
      emailButton(brand, { href: link, label: 'Open the lead' }),
    ].join('\n'),
  );
  return { to, subject, text, html, fromName: brand.name };
};
