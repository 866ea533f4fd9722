import { describe, expect, it } from 'vitest';
import type { EstimateDetail, EstimateSection } from '@portal/contract/estimates';
import {
  appendItem,
  appendSection,
  changeCommentCount,
  locateItem,
  mergeSections,
  moveItemInSections,
  moveSectionInList,
  removeItem,
  removeSection,
  replaceItem,
  replaceSection,
  sameArrangement,
  setSections,
} from './estimate-state';
import {
  estimateDetail as estimate,
  estimateItem as item,
  estimateSection as section,
} from '../test-fixtures';

/** Section ids, each with its item ids: [[10, [1, 2]], [20, [3]]]. */
const shape = (value: EstimateDetail | readonly EstimateSection[]) =>
  ('sections' in value ? value.sections : value).map((s) => [s.id, s.items.map((i) => i.id)]);

const orders = (value: EstimateDetail) =>
  value.sections.map((s) => [s.order, s.items.map((i) => i.order)]);

const base = () => estimate(section(10, 0, [1, 2]), section(20, 1, [3]));

describe('sections', () => {
  it('appends a created section', () => {
    const next = appendSection(base(), section(30, 2, []));
    expect(shape(next)).toEqual([
      [10, [1, 2]],
      [20, [3]],
      [30, []],
    ]);
  });

  it('replaces an updated section by id, in place', () => {
    const renamed = { ...section(10, 0, [1, 2]), name: 'Discovery' };
    const next = replaceSection(base(), renamed);
    expect(next.sections.map((s) => s.name)).toEqual(['Discovery', 'Section 20']);
  });

  it('removes a deleted section and closes the gap', () => {
    const next = removeSection(base(), 10);
    expect(shape(next)).toEqual([[20, [3]]]);
    expect(next.sections[0]?.order).toBe(0);
  });

  it('leaves its input untouched', () => {
    const before = base();
    const copy = structuredClone(before);
    removeSection(appendSection(before, section(30, 2, [])), 20);
    expect(before).toEqual(copy);
  });
});

describe('items', () => {
  it('appends a created item to its section', () => {
    const next = appendItem(base(), item(4, 20, 1));
    expect(shape(next)).toEqual([
      [10, [1, 2]],
      [20, [3, 4]],
    ]);
  });

  it('replaces an updated item by id and leaves other sections as they were', () => {
    const before = base();
    const next = replaceItem(before, { ...item(2, 10, 1), description: 'Changed' });
    expect(next.sections[0]?.items.map((i) => i.description)).toEqual(['Item 1', 'Changed']);
    expect(next.sections[1]).toBe(before.sections[1]);
  });

  it('removes a deleted item from its section', () => {
    const next = removeItem(base(), 1);
    expect(shape(next)).toEqual([
      [10, [2]],
      [20, [3]],
    ]);
    expect(orders(next)).toEqual([
      [0, [0]],
      [1, [0]],
    ]);
  });

  it('counts comments up and down, never below zero', () => {
    let next = changeCommentCount(base(), 3, 1);
    next = changeCommentCount(next, 3, 1);
    expect(next.sections[1]?.items[0]?.comment_count).toBe(2);
    next = changeCommentCount(changeCommentCount(next, 3, -1), 3, -5);
    expect(next.sections[1]?.items[0]?.comment_count).toBe(0);
  });
});

describe('moves', () => {
  it('finds an item', () => {
    expect(locateItem(base().sections, 2)).toEqual({ sectionId: 10, index: 1 });
    expect(locateItem(base().sections, 99)).toBeNull();
  });

  it('reorders sections', () => {
    const moved = moveSectionInList(base().sections, 1, 0);
    expect(shape(moved)).toEqual([
      [20, [3]],
      [10, [1, 2]],
    ]);
    expect(moved.map((s) => s.order)).toEqual([0, 1]);
  });

  it('reorders items within a section', () => {
    const moved = moveItemInSections(base().sections, 1, { sectionId: 10, index: 1 });
    expect(shape(moved)).toEqual([
      [10, [2, 1]],
      [20, [3]],
    ]);
  });

  it('moves an item into another section at an index, or clamped to its end', () => {
    expect(shape(moveItemInSections(base().sections, 2, { sectionId: 20, index: 0 }))).toEqual([
      [10, [1]],
      [20, [2, 3]],
    ]);
    const atEnd = moveItemInSections(base().sections, 1, { sectionId: 20, index: 99 });
    expect(shape(atEnd)).toEqual([
      [10, [2]],
      [20, [3, 1]],
    ]);
    const moved = atEnd[1]?.items[1];
    expect(moved).toMatchObject({ id: 1, section: 20, order: 1 });
  });

  it('moves an item into an empty section', () => {
    const sections = [section(10, 0, [1]), section(20, 1, [])];
    expect(shape(moveItemInSections(sections, 1, { sectionId: 20, index: 0 }))).toEqual([
      [10, []],
      [20, [1]],
    ]);
  });

  it('changes nothing for an unknown item or section', () => {
    expect(shape(moveItemInSections(base().sections, 99, { sectionId: 20, index: 0 }))).toEqual(
      shape(base()),
    );
    expect(shape(moveItemInSections(base().sections, 1, { sectionId: 99, index: 0 }))).toEqual(
      shape(base()),
    );
  });

  it("takes a section move's answer as the whole list", () => {
    const answer = [section(20, 0, [3]), section(10, 1, [1, 2])];
    expect(shape(setSections(base(), answer))).toEqual([
      [20, [3]],
      [10, [1, 2]],
    ]);
  });

  it("merges an item move's answer into the sections it covers", () => {
    const current = estimate(section(10, 0, [1, 2]), section(20, 1, [3]), section(30, 2, [4]));
    const answer = [section(10, 0, [1]), section(30, 1, [4, 2])];
    expect(shape(mergeSections(current, answer))).toEqual([
      [10, [1]],
      [20, [3]],
      [30, [4, 2]],
    ]);
  });

  it('compares arrangements by ids only', () => {
    const a = base().sections;
    expect(sameArrangement(a, structuredClone(a))).toBe(true);
    expect(sameArrangement(a, moveSectionInList(a, 0, 1))).toBe(false);
    expect(sameArrangement(a, moveItemInSections(a, 1, { sectionId: 10, index: 1 }))).toBe(false);
    expect(sameArrangement(a, a.slice(0, 1))).toBe(false);
  });
});
