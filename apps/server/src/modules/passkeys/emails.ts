import { formatMomentWithZone } from '@portal/contract/time';
import {
  brandedHtml,
  emailButton,
  escapeHtml,
  textSignature,
  type EmailBrand,
} from '../../mail/format';
import type { Email } from '../../mail/outbox';

/**
 * Told to the person at once when a passkey is added to her account (issue 27): a passkey signs
 * in alone, so one she did not add is someone else's way in, and this is how she learns of it.
 */
export const passkeyAddedEmail = (params: {
  to: string;
  brand: EmailBrand;
  passkeyName: string;
  at: Date;
  zone: string;
  from: string;
  securityUrl: string;
}): Email => {
  const { brand } = params;
  const when = formatMomentWithZone(params.at, params.zone);
  const what = `A passkey named “${params.passkeyName}” was added to your ${brand.name} account on ${when}, from ${params.from}.`;
  const ifNot =
    'If this was not you, open Profile → Security now: remove the passkey, sign out everywhere else and change your password.';
  const text = [
    'Hello,',
    '',
    what,
    '',
    'If this was you, there is nothing to do.',
    ifNot,
    '',
    params.securityUrl,
    ...textSignature(brand),
  ].join('\n');
  const html = brandedHtml(
    brand,
    [
      '<p>Hello,</p>',
      `<p>${escapeHtml(what)}</p>`,
      `<p>If this was you, there is nothing to do. ${escapeHtml(ifNot)}</p>`,
      emailButton(brand, { href: params.securityUrl, label: 'Review your security' }),
    ].join('\n'),
  );
  return {
    to: params.to,
    subject: `A passkey was added to your ${brand.name} account`,
    text,
    html,
    fromName: brand.name,
  };
};
