import { describe, expect, it, vi } from 'vitest';
import { createEditingModels } from './editing-models';

describe('createEditingModels', () => {
  it('remembers which models are in edit mode', () => {
    const editing = createEditingModels();
    expect(editing.isEditing('a')).toBe(false);
    editing.setEditing('a', true);
    editing.setEditing('b', true);
    expect(editing.isEditing('a')).toBe(true);
    expect([...editing.ids()]).toEqual(['a', 'b']);
    editing.setEditing('a', false);
    expect(editing.isEditing('a')).toBe(false);
    expect([...editing.ids()]).toEqual(['b']);
  });

  it('answers the same set until something changes, and tells subscribers about changes only', () => {
    const editing = createEditingModels();
    const listener = vi.fn();
    const unsubscribe = editing.subscribe(listener);
    const before = editing.ids();
    editing.setEditing('a', false);
    expect(editing.ids()).toBe(before);
    expect(listener).not.toHaveBeenCalled();
    editing.setEditing('a', true);
    expect(editing.ids()).not.toBe(before);
    expect(before.has('a')).toBe(false);
    expect(listener).toHaveBeenCalledTimes(1);
    editing.setEditing('a', true);
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    editing.setEditing('a', false);
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
