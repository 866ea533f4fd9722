import type { TestRunSummary } from '@portal/contract/test-runs';
import { formatMomentWithZone } from '@portal/contract/time';
import { escapeHtml, htmlEmail, oneLine, textSignature, type EmailBrand } from '../../mail/format';
import type { Email } from '../../mail/outbox';

/** RFC 5322's line limit: a subject made of names is never cut short in practice. */
const SUBJECT_MAX = 998;

export type SignOffEmail = {
  to: string;
  /** The recipient's time zone: the moment is written on their clock, and names it. */
  zone: string;
  brand: EmailBrand;
  /** The run's report in the portal. */
  link: string;
  client: string;
  project: string;
  milestone: string;
  run: string;
  signatureName: string;
  signedOffAt: Date;
  note: string;
  summary: TestRunSummary;
};

/** Tells staff that a client accepted a milestone's test run; the text part is the real one. */
export const signOffEmail = (e: SignOffEmail): Email => {
  const when = formatMomentWithZone(e.signedOffAt, e.zone);
  const subject = oneLine(
    `${e.client} signed off ${e.milestone} of ${e.project} (${e.run})`,
    SUBJECT_MAX,
  );
  const s = e.summary;
  const counts = [
    `${s.passed} passed`,
    `${s.failed} failed`,
    `${s.blocked} blocked`,
    `${s.skipped} skipped`,
    `${s.untested} untested`,
  ].join(', ');
  const text = [
    'Hello,',
    '',
    `${e.signatureName} signed off the test run "${e.run}" of ${e.milestone} (${e.project}) on ${when}.`,
    '',
    `Results of ${s.total} steps: ${counts}.`,
    ...(e.note ? ['', 'Their note:', e.note] : []),
    '',
    `Open the report: ${e.link}`,
    ...textSignature(e.brand),
  ].join('\n');
  const html = htmlEmail(e.brand, {
    paragraphs: [
      'Hello,',
      `<strong>${escapeHtml(e.signatureName)}</strong> signed off the test run “${escapeHtml(e.run)}” of ${escapeHtml(e.milestone)} (${escapeHtml(e.project)}) on ${escapeHtml(when)}.`,
      `Results of ${s.total} steps: ${escapeHtml(counts)}.`,
    ],
    ...(e.note ? { quote: e.note } : {}),
    link: { href: e.link, label: 'Open the report' },
  });
  return { to: e.to, subject, text, html, fromName: e.brand.name };
};
