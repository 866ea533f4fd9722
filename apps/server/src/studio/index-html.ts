import { readFileSync } from 'node:fs';
import type { Studio } from '@portal/contract/studio';
import { escapeHtml } from '../mail/format';

/** JSON inside a `<script>` element: `<` written as `\u003c`, so no text can close it. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * The web app's page with the studio in it before the first paint (DESIGN §9): its name as the
 * title, its colour as the brand colour every screen derives its shades from, and the whole
 * studio as JSON the app reads instead of asking for it. A data block is not a script, so the
 * CSP (`script-src 'self'`) is untouched; the style needs only the `'unsafe-inline'` styles
 * already allowed.
 */
export const brandIndexHtml = (html: string, studio: Studio) =>
  html
    // Replacer functions: a `$&` or `$'` typed into a name must stay text, not a pattern.
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(studio.name)}</title>`)
    .replace(
      /<meta name="theme-color" content="[^"]*"\s*\/?>/,
      () => `<meta name="theme-color" content="${studio.accent_color}" />`,
    )
    .replace(
      '</head>',
      () =>
        `<style id="studio-brand">:root{--color-brand-600:${studio.accent_color}}</style>\n<script type="application/json" id="studio-data">${scriptJson(studio)}</script>\n</head>`,
    );

/** The built page, read once, branded again only when the studio changed. */
export const createIndexPage = (file: string) => {
  const html = readFileSync(file, 'utf8');
  let last: { studio: Studio; page: string } | null = null;
  return (studio: Studio) => {
    if (last?.studio !== studio) last = { studio, page: brandIndexHtml(html, studio) };
    return last.page;
  };
};
