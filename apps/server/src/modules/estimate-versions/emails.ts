import type { EstimateVersion } from '@portal/contract/estimate-versions';
import { escapeHtml, htmlEmail, oneLine, textSignature, type EmailBrand } from '../../mail/format';
import type { Email } from '../../mail/outbox';

type Common = {
  to: string;
  brand: EmailBrand;
  /** The estimate page in the web app. */
  link: string;
  estimateName: string;
  projectName: string;
  number: number;
};

/** The last lines of every text part: the link and who writes. */
const footer = (e: Pick<Common, 'link' | 'brand'>) => [
  '',
  `Open the estimate: ${e.link}`,
  ...textSignature(e.brand),
];

/** To each client user of the estimate's client: a version waits for their decision. */
export const versionSentEmail = (
  e: Common & {
    greetingName: string;
    senderName: string;
    message: string;
    /** What she signs for: "€1,500.00 (15.00 hours)". */
    amount: string;
    /** The moment it can no longer be approved, on her clock, naming the zone. */
    validUntil: string;
  },
): Email => {
  const subject = oneLine(`Estimate to review: ${e.estimateName} (version ${e.number})`, 200);
  const intro = `${e.senderName} sent you version ${e.number} of the estimate “${e.estimateName}” for ${e.projectName}.`;
  const terms = `Total with contingency: ${e.amount}. You can approve it until ${e.validUntil}.`;
  const ask = 'Please review it, then approve it with your signature or ask for changes.';
  const text = [
    `Hello ${e.greetingName},`,
    '',
    intro,
    '',
    terms,
    ...(e.message ? ['', 'Their message:', e.message] : []),
    '',
    ask,
    ...footer(e),
  ].join('\n');
  const html = htmlEmail(e.brand, {
    paragraphs: [
      `Hello ${escapeHtml(e.greetingName)},`,
      escapeHtml(intro),
      escapeHtml(terms),
      escapeHtml(ask),
    ],
    ...(e.message ? { quote: e.message } : {}),
    link: { href: e.link, label: 'Open the estimate' },
  });
  return { to: e.to, subject, text, html, fromName: e.brand.name };
};

/** To each staff member: the client decided on a version. */
export const versionDecidedEmail = (
  e: Common & {
    clientName: string;
    decision: Pick<EstimateVersion, 'status' | 'signature_name' | 'decision_note'>;
    deciderName: string;
    deciderEmail: string;
  },
): Email => {
  const approved = e.decision.status === 'approved';
  const what = approved ? 'approved' : 'asked for changes to';
  const subject = oneLine(`${e.clientName} ${what} ${e.estimateName} (version ${e.number})`, 200);
  const summary = `${e.deciderName} (${e.deciderEmail}) of ${e.clientName} ${what} version ${e.number} of the estimate “${e.estimateName}” for ${e.projectName}.`;
  const signed = approved ? `Signed as: ${e.decision.signature_name ?? ''}` : null;
  const note = approved ? null : e.decision.decision_note;
  const text = [
    'Hello,',
    '',
    summary,
    ...(signed ? ['', signed] : []),
    ...(note ? ['', 'What they ask to change:', note] : []),
    ...footer(e),
  ].join('\n');
  const html = htmlEmail(e.brand, {
    paragraphs: ['Hello,', escapeHtml(summary), ...(signed ? [escapeHtml(signed)] : [])],
    ...(note ? { quote: note } : {}),
    link: { href: e.link, label: 'Open the estimate' },
  });
  return { to: e.to, subject, text, html, fromName: e.brand.name };
};
