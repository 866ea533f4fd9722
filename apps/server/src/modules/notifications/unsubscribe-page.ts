import type { NotificationEmailChoice } from '@portal/contract/notifications';
import type { Studio } from '@portal/contract/studio';
import { escapeHtml } from '../../mail/format';

/** What each choice means, as a person reads it on the page. */
const GETS: Record<NotificationEmailChoice, string> = {
  instant: 'an email for each notification',
  daily: 'a daily digest of what is still unread',
  off: 'no notification emails',
};

export type UnsubscribeView =
  /** The link opened: what she gets now, and a button that turns it off (a GET changes nothing). */
  | { kind: 'confirm'; current: NotificationEmailChoice; action: string }
  /** Turned off: what she got before, and a button that brings it back. */
  | { kind: 'done'; previous: NotificationEmailChoice; undo: string | null }
  | { kind: 'restored'; current: NotificationEmailChoice }
  | { kind: 'invalid' };

const button = (studio: Studio, action: string, label: string) =>
  `<form method="post" action="${escapeHtml(action)}"><button type="submit" style="background:${studio.accent_color};color:#fff;border:0;border-radius:6px;padding:9px 16px;font:inherit;font-weight:600;cursor:pointer">${escapeHtml(label)}</button></form>`;

/**
 * The small page of the unsubscribe link (issues 25 and 27), in the studio's brand: it says what
 * the person gets, and acts only on the button's POST, so a mail scanner that follows links
 * turns nothing off; after turning emails off it says what was turned off and offers an undo.
 */
export const unsubscribePage = (studio: Studio, view: UnsubscribeView) => {
  const name = escapeHtml(studio.name);
  const [heading, message, action] =
    view.kind === 'confirm'
      ? view.current === 'off'
        ? [
            'Notification emails are off',
            `You get no notification emails from ${name}. The bell in the portal still shows every notification.`,
            '',
          ]
        : [
            'Stop notification emails?',
            `You get ${GETS[view.current]} from ${name}. Turn them off and the bell in the portal still shows every notification.`,
            button(studio, view.action, 'Turn off notification emails'),
          ]
      : view.kind === 'done'
        ? [
            'Notification emails are off',
            view.previous === 'off'
              ? `You already got no notification emails from ${name}.`
              : `You will no longer get ${GETS[view.previous]} from ${name}. The bell in the portal still shows every notification; your profile page turns emails on again.`,
            view.undo ? button(studio, view.undo, 'Undo: turn them back on') : '',
          ]
        : view.kind === 'restored'
          ? [
              'Notification emails are back on',
              `You get ${GETS[view.current]} from ${name} again.`,
              '',
            ]
          : [
              'This link is not valid',
              'This unsubscribe link is not valid. Open your profile in the portal to change your notification emails.',
              '',
            ];
  const mark = studio.logo_url
    ? `<img src="${escapeHtml(studio.logo_url)}" alt="${name}" style="max-height:44px;max-width:220px">`
    : `<strong style="font-size:18px;color:${studio.accent_color}">${name}</strong>`;
  const footer = [studio.email_footer, studio.website]
    .filter((line) => line !== '')
    .map((line) => `<p style="margin:4px 0;white-space:pre-wrap">${escapeHtml(line)}</p>`)
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(heading)} · ${name}</title></head>
<body style="margin:0;background:#f8fafc;color:#0f172a;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;line-height:1.5">
<main style="max-width:32rem;margin:3rem auto;padding:0 1rem">
<div style="padding-bottom:12px;margin-bottom:20px;border-bottom:3px solid ${studio.accent_color}">${mark}</div>
<h1 style="font-size:1.25rem;margin:0 0 8px">${escapeHtml(heading)}</h1>
<p style="margin:0 0 16px">${message}</p>
${action}
<footer style="margin-top:32px;font-size:13px;color:#475569">${footer}</footer>
</main>
</body></html>
`;
};
