/**
 * What a key does in an inline editor (spec §4): Enter saves and Escape cancels; in a step's
 * multi-line editor Shift+Enter inserts a new line instead. A key pressed while an input method
 * is composing (Japanese, Chinese, …) belongs to the composition, never to the editor.
 */
export type InlineEditKey = {
  key: string;
  shiftKey: boolean;
  isComposing?: boolean;
};

export type InlineEditAction = 'save' | 'cancel' | null;

export const inlineEditAction = (
  event: InlineEditKey,
  { multiline }: { multiline: boolean },
): InlineEditAction => {
  if (event.isComposing) return null;
  if (event.key === 'Escape') return 'cancel';
  if (event.key !== 'Enter') return null;
  if (multiline && event.shiftKey) return null;
  return 'save';
};

/**
 * What leaving an editor amounts to: an unchanged or empty value saves nothing (spec §4: an empty
 * description is not saved, an empty new step is not created), anything else is saved.
 */
export const inlineEditResult = (
  draft: string,
  initial: string,
): { kind: 'save'; value: string } | { kind: 'discard' } => {
  const value = draft.trim();
  if (!value || value === initial.trim()) return { kind: 'discard' };
  return { kind: 'save', value };
};
