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

/** A plain HTML email: paragraphs (already escaped HTML), a quoted block and a button link. */
export const htmlEmail = (parts: {
  paragraphs: string[];
  quote?: string;
  link: { href: string; label: string };
  signature: string;
}) => `<!doctype html>
<html><body style="font-family:sans-serif;line-height:1.5;color:#111">
${parts.paragraphs.map((p) => `<p>${p}</p>`).join('\n')}
${parts.quote ? `<p style="white-space:pre-wrap;border-left:3px solid #ddd;padding-left:12px">${escapeHtml(parts.quote)}</p>` : ''}
<p><a href="${escapeHtml(parts.link.href)}" style="display:inline-block;padding:8px 16px;background:#111;color:#fff;text-decoration:none;border-radius:4px">${escapeHtml(parts.link.label)}</a></p>
<p>— ${escapeHtml(parts.signature)}</p>
</body></html>
`;
