import { describe, expect, it } from 'vitest';
import type { CanvasImportResponse } from '@portal/contract/canvas-import';
import {
  importDetails,
  importHeadline,
  sqlFileProblem,
  syntaxErrorPosition,
  textOffset,
  viewportOnto,
} from './sql-import';

const answer = (extra: Partial<CanvasImportResponse>): CanvasImportResponse => ({
  canvas: {
    id: 1,
    name: 'Shop',
    client_id: 1,
    client_name: 'Acme',
    data: '',
    version: 2,
    created_at: '2025-01-02T10:00:00.000Z',
    updated_at: '2025-01-02T10:00:00.000Z',
  },
  created: [],
  updated: [],
  relations: 0,
  skipped: [],
  notes: [],
  ...extra,
});

describe('syntaxErrorPosition', () => {
  it("reads the server's line and column, and nothing from another message", () => {
    expect(
      syntaxErrorPosition('Syntax error at line 4, column 12: syntax error at or near "t"'),
    ).toEqual({ line: 4, column: 12 });
    expect(syntaxErrorPosition('The script creates no table (no CREATE TABLE…)')).toBeNull();
  });
});

describe('textOffset', () => {
  const text = 'ab\ncdef\n\nxyz';
  it('is the index of a 1-based line and column', () => {
    expect(text[textOffset(text, 1, 1)]).toBe('a');
    expect(text[textOffset(text, 2, 3)]).toBe('e');
    expect(text[textOffset(text, 4, 2)]).toBe('y');
  });
  it('stays on its line, and within the text', () => {
    expect(textOffset(text, 2, 40)).toBe(7);
    expect(textOffset(text, 3, 5)).toBe(8);
    expect(textOffset(text, 9, 1)).toBe(text.length);
  });
});

describe('sqlFileProblem', () => {
  it('refuses a file over 2 MB, naming it and both sizes', () => {
    expect(sqlFileProblem({ name: 'dump.sql', size: 2 * 1024 * 1024 })).toBeNull();
    expect(sqlFileProblem({ name: 'dump.sql', size: 3 * 1024 * 1024 })).toBe(
      'dump.sql is 3.0 MB; a script of at most 2.0 MB can be imported.',
    );
  });
});

describe('the summary lines', () => {
  it('count tables, added and updated, relations, skipped statements and notes', () => {
    const one = answer({ created: ['customer'], relations: 1 });
    expect(importHeadline(one)).toBe('1 table imported — 1 added, 0 updated');
    expect(importDetails(one)).toBe('1 added, 0 updated · 1 relation · 0 statements skipped');
    const more = answer({
      created: ['a', 'b'],
      updated: ['c'],
      relations: 2,
      skipped: [{ kind: 'CREATE INDEX', name: 'a_idx', line: 9 }],
      notes: ['x', 'y'],
    });
    expect(importHeadline(more)).toBe('3 tables imported — 2 added, 1 updated');
    expect(importDetails(more)).toBe(
      '2 added, 1 updated · 2 relations · 1 statement skipped · 2 notes',
    );
  });
});

describe('viewportOnto', () => {
  const at = (x: number, y: number) => ({
    position: { x, y },
    data: { fields: [], relations: [] },
  });
  it('puts the top-left model near the top left, at zoom 1 when they fit', () => {
    expect(viewportOnto([at(1000, 200), at(1400, 300)], { width: 1400, height: 900 })).toEqual({
      x: 40 - 1000,
      y: 88 - 200,
      zoom: 1,
    });
  });
  it('zooms out to fit, but not below the editor’s 0.5', () => {
    const wide = viewportOnto([at(0, 0), at(1744, 0)], { width: 1080, height: 900 });
    expect(wide?.zoom).toBeCloseTo(0.5);
    const huge = viewportOnto([at(0, 0), at(20_000, 0)], { width: 1080, height: 900 });
    expect(huge?.zoom).toBe(0.5);
    expect(viewportOnto([], { width: 1080, height: 900 })).toBeNull();
  });
});
