import type { Studio } from '@portal/contract/studio';

/** Text typed by people, made safe inside an HTML email body (every email of every module). */
export const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/**
 * Typed text in a header or an excerpt: one line, at most `max` characters, so it can neither
 * break nor bloat it. Characters are code points: cutting UTF-16 units could split an emoji, and
 * its half alone is text PostgreSQL's jsonb refuses (a 500 for a comment that ends up quoted).
 */
export const oneLine = (value: string, max: number) => {
  const flat = value.replace(/\s+/g, ' ').trim();
  const chars = Array.from(flat);
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : flat;
};

/** What every email shows of the studio (decision 0045): its name, logo, colour and footer. */
export type EmailBrand = {
  name: string;
  logoUrl: string | null;
  accentColor: string;
  website: string;
  footer: string;
};

export const emailBrand = (studio: Studio): EmailBrand => ({
  name: studio.name,
  logoUrl: studio.logo_url,
  accentColor: studio.accent_color,
  website: studio.website,
  footer: studio.email_footer,
});

/** The last lines of every text part: who writes, the studio's own footer and its website. */
export const textSignature = (brand: EmailBrand) => [
  '',
  `— ${brand.name}`,
  ...(brand.footer ? ['', brand.footer] : []),
  ...(brand.website ? [brand.website] : []),
  '',
];

/** A button-looking link in the studio's colour (white on it passes WCAG AA: decision 0045). */
export const emailButton = (brand: EmailBrand, link: { href: string; label: string }) =>
  `<p><a href="${escapeHtml(link.href)}" style="display:inline-block;padding:8px 16px;background:${brand.accentColor};color:#fff;text-decoration:none;border-radius:4px">${escapeHtml(link.label)}</a></p>`;

const SMALL = 'font-size:12px;color:#555';

/**
 * Every HTML email's frame: the studio's logo (or name) on top in its colour, the body, the
 * signature, the studio's footer and website, then `after` (an unsubscribe line).
 */
export const brandedHtml = (brand: EmailBrand, body: string, after = '') => {
  const header = brand.logoUrl
    ? `<img src="${escapeHtml(brand.logoUrl)}" alt="${escapeHtml(brand.name)}" style="max-height:48px;max-width:240px">`
    : `<strong style="font-size:18px;color:${brand.accentColor}">${escapeHtml(brand.name)}</strong>`;
  const footer = [
    brand.footer ? `<p style="${SMALL};white-space:pre-wrap">${escapeHtml(brand.footer)}</p>` : '',
    brand.website
      ? `<p style="${SMALL}"><a href="${escapeHtml(brand.website)}" style="color:#555">${escapeHtml(brand.website)}</a></p>`
      : '',
  ].join('');
  return `<!doctype html>
<html><body style="font-family:sans-serif;line-height:1.5;color:#111">
<div style="padding-bottom:12px;margin-bottom:16px;border-bottom:3px solid ${brand.accentColor}">${header}</div>
${body}
<p>— ${escapeHtml(brand.name)}</p>
${footer}${after}
</body></html>
`;
};

/** A plain HTML email: paragraphs (already escaped HTML), a quoted block and a button link. */
export const htmlEmail = (
  brand: EmailBrand,
  parts: { paragraphs: string[]; quote?: string; link: { href: string; label: string } },
  after = '',
) =>
  brandedHtml(
    brand,
    [
      ...parts.paragraphs.map((p) => `<p>${p}</p>`),
      parts.quote
        ? `<p style="white-space:pre-wrap;border-left:3px solid #ddd;padding-left:12px">${escapeHtml(parts.quote)}</p>`
        : '',
      emailButton(brand, parts.link),
    ].join('\n'),
    after,
  );
