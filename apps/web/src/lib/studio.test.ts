import { describe, expect, it } from 'vitest';
import { studioSchema } from '@portal/contract/studio';
import { applyAccentColor, DEFAULT_STUDIO, parseStudio, readPageStudio } from './studio';

const answers: unknown[] = [
  DEFAULT_STUDIO,
  { ...DEFAULT_STUDIO, logo_url: 'http://portal.test/media/studio/a.png', extra: 1 },
  { ...DEFAULT_STUDIO, logo_url: undefined },
  { ...DEFAULT_STUDIO, logo_url: 3 },
  { ...DEFAULT_STUDIO, name: null },
  { ...DEFAULT_STUDIO, estimate_validity_days: 1.5 },
  { ...DEFAULT_STUDIO, estimate_validity_days: '30' },
  { ...DEFAULT_STUDIO, tax_id: undefined },
  [],
  null,
  'Studio',
];

describe('parseStudio', () => {
  it.each(answers)('answers %j as the contract schema does', (answer) => {
    const expected = studioSchema.safeParse(answer);
    if (expected.success) expect(parseStudio(answer)).toEqual(expected.data);
    else expect(() => parseStudio(answer)).toThrow(TypeError);
  });
});

describe('the studio in the page', () => {
  it('is read from the data block the server wrote, and ignored when broken', () => {
    const doc = document.implementation.createHTMLDocument();
    expect(readPageStudio(doc)).toBeUndefined();
    const block = doc.createElement('script');
    block.type = 'application/json';
    block.id = 'studio-data';
    block.textContent = JSON.stringify({ ...DEFAULT_STUDIO, name: 'Northwind' });
    doc.head.append(block);
    expect(readPageStudio(doc)?.name).toBe('Northwind');
    block.textContent = '{"name":';
    expect(readPageStudio(doc)).toBeUndefined();
  });

  it('has its colour set again after an edit, in the one style element', () => {
    const doc = document.implementation.createHTMLDocument();
    applyAccentColor('#0f766e', doc);
    applyAccentColor('#9f1239', doc);
    const styles = doc.querySelectorAll('#studio-brand');
    expect(styles).toHaveLength(1);
    expect(styles[0]?.textContent).toBe(':root{--color-brand-600:#9f1239}');
  });
});
