import { describe, expect, it } from 'vitest';
import { brandIndexHtml } from './index-html';
import { defaultStudioRow, toStudioDto } from './source';

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta name="theme-color" content="#4f46e5" />
    <title>Studio Portal</title>
  </head>
  <body><div id="root"></div></body>
</html>`;

const studio = {
  ...toStudioDto(defaultStudioRow({ portalName: 'x' }), 'http://portal.test'),
  name: 'R&D </script><script>alert(1)</script>',
  accent_color: '#0f766e',
};

describe('brandIndexHtml', () => {
  const page = brandIndexHtml(PAGE, studio);

  it('puts the name in the title and the colour in the theme and the brand variable', () => {
    expect(page).toContain(
      '<title>R&amp;D &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;</title>',
    );
    expect(page).toContain('<meta name="theme-color" content="#0f766e" />');
    expect(page).toContain('<style id="studio-brand">:root{--color-brand-600:#0f766e}</style>');
  });

  it('carries the studio as JSON that no text inside it can break out of', () => {
    const data = /<script type="application\/json" id="studio-data">(.*)<\/script>\n<\/head>/.exec(
      page,
    );
    expect(data?.[1]).not.toContain('</script>');
    expect(JSON.parse(data?.[1] ?? '')).toEqual(studio);
    // Only one script element closes in the head: the data block's own.
    expect(page.split('</head>')[0]?.match(/<\/script>/g)).toHaveLength(1);
  });

  it("keeps a name's $ signs as text, not replacement patterns", () => {
    const dollars = brandIndexHtml(PAGE, { ...studio, name: "A$&B $' $` $$", email_footer: "$'" });
    expect(dollars).toContain('<title>A$&amp;B $&#39; $` $$</title>');
    const data = /id="studio-data">(.*)<\/script>/.exec(dollars)?.[1] ?? '';
    expect(JSON.parse(data)).toMatchObject({ name: "A$&B $' $` $$", email_footer: "$'" });
    expect(dollars.match(/<script/g)).toHaveLength(1);
  });
});
