import { escapeHtml } from '../../mail/format';
import type { Email } from '../../mail/outbox';

const formatValidity = (seconds: number) => {
  const hours = Math.round(seconds / 3600);
  if (hours % 24 === 0) return hours === 24 ? '24 hours' : `${hours / 24} days`;
  return hours === 1 ? '1 hour' : `${hours} hours`;
};

export type LinkEmail = {
  to: string;
  portalName: string;
  link: string;
  validSeconds: number;
};

/** One layout for every message that carries a single link: the text part is the real one. */
export const linkEmail = (
  { to, portalName, link, validSeconds }: LinkEmail,
  words: { subject: string; intro: string; action: string; ignore: string },
): Email => {
  const validity = `This link is valid for ${formatValidity(validSeconds)}.`;
  const text = [
    'Hello,',
    '',
    words.intro,
    '',
    link,
    '',
    validity,
    words.ignore,
    '',
    `— ${portalName}`,
    '',
  ].join('\n');
  const html = `<!doctype html>
<html><body style="font-family:sans-serif;line-height:1.5;color:#111">
<p>Hello,</p>
<p>${escapeHtml(words.intro)}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:8px 16px;background:#111;color:#fff;text-decoration:none;border-radius:4px">${escapeHtml(words.action)}</a></p>
<p style="font-size:13px;color:#555">Or paste this address into your browser: ${escapeHtml(link)}</p>
<p style="font-size:13px;color:#555">${escapeHtml(validity)} ${escapeHtml(words.ignore)}</p>
<p>— ${escapeHtml(portalName)}</p>
</body></html>
`;
  return { to, subject: words.subject, text, html };
};

export const verificationEmail = (params: LinkEmail): Email =>
  linkEmail(params, {
    subject: `Verify your email address for ${params.portalName}`,
    intro: `Thank you for signing up for ${params.portalName}. Please confirm your email address by opening this link:`,
    action: 'Verify email address',
    ignore: 'If you did not sign up, you can ignore this email.',
  });

export const passwordResetEmail = (params: LinkEmail): Email =>
  linkEmail(params, {
    subject: `Reset your ${params.portalName} password`,
    intro: `Someone asked to reset the password of your ${params.portalName} account. To choose a new password, open this link:`,
    action: 'Choose a new password',
    ignore: 'If you did not ask for this, you can ignore this email: your password stays as it is.',
  });
