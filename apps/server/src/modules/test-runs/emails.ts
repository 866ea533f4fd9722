import type { TestRunSummary } from '@portal/contract/test-runs';
import { escapeHtml } from '../../mail/format';
import type { Email } from '../../mail/outbox';

const oneLine = (value: string) => value.replace(/\s+/g, ' ').trim();

export type SignOffEmail = {
  to: string;
  portalName: string;
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
  const when = e.signedOffAt.toUTCString();
  const subject = oneLine(`${e.client} signed off ${e.milestone} of ${e.project} (${e.run})`);
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
    '',
    `— ${e.portalName}`,
    '',
  ].join('\n');
  const html = `<!doctype html>
<html><body style="font-family:sans-serif;line-height:1.5;color:#111">
<p>Hello,</p>
<p><strong>${escapeHtml(e.signatureName)}</strong> signed off the test run “${escapeHtml(e.run)}” of ${escapeHtml(e.milestone)} (${escapeHtml(e.project)}) on ${escapeHtml(when)}.</p>
<p>Results of ${s.total} steps: ${escapeHtml(counts)}.</p>
${e.note ? `<p style="white-space:pre-wrap;border-left:3px solid #ddd;padding-left:12px">${escapeHtml(e.note)}</p>` : ''}
<p><a href="${escapeHtml(e.link)}" style="display:inline-block;padding:8px 16px;background:#111;color:#fff;text-decoration:none;border-radius:4px">Open the report</a></p>
<p>— ${escapeHtml(e.portalName)}</p>
</body></html>
`;
  return { to: e.to, subject, text, html };
};
