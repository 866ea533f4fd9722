import {
  brandedHtml,
  emailButton,
  escapeHtml,
  textSignature,
  type EmailBrand,
} from '../../mail/format';
import type { Email } from '../../mail/outbox';

const formatValidity = (seconds: number) => {
  const hours = Math.round(seconds / 3600);
  if (hours % 24 === 0) return hours === 24 ? '24 hours' : `${hours / 24} days`;
  return hours === 1 ? '1 hour' : `${hours} hours`;
};

export type LinkEmail = {
  to: string;
  brand: EmailBrand;
  link: string;
  validSeconds: number;
};

/** One layout for every message that carries a single link: the text part is the real one. */
export const linkEmail = (
  { to, brand, link, validSeconds }: LinkEmail,
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
    ...textSignature(brand),
  ].join('\n');
  const html = brandedHtml(
    brand,
    [
      '<p>Hello,</p>',
      `<p>${escapeHtml(words.intro)}</p>`,
      emailButton(brand, { href: link, label: words.action }),
      `<p style="font-size:13px;color:#555">Or paste this address into your browser: ${escapeHtml(link)}</p>`,
      `<p style="font-size:13px;color:#555">${escapeHtml(validity)} ${escapeHtml(words.ignore)}</p>`,
    ].join('\n'),
  );
  return { to, subject: words.subject, text, html, fromName: brand.name };
};

export const verificationEmail = (params: LinkEmail): Email =>
  linkEmail(params, {
    subject: `Verify your email address for ${params.brand.name}`,
    intro: `Thank you for signing up for ${params.brand.name}. Please confirm your email address by opening this link:`,
    action: 'Verify email address',
    ignore: 'If you did not sign up, you can ignore this email.',
  });

export const passwordResetEmail = (params: LinkEmail): Email =>
  linkEmail(params, {
    subject: `Reset your ${params.brand.name} password`,
    intro: `Someone asked to reset the password of your ${params.brand.name} account. To choose a new password, open this link:`,
    action: 'Choose a new password',
    ignore: 'If you did not ask for this, you can ignore this email: your password stays as it is.',
  });
