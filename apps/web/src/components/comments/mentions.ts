import { MENTION_PATTERN } from '@portal/contract/notifications';

/**
 * Mentions are `@email` in the data (the server reads them, and the text stays unambiguous
 * wherever it is shown), but a person types and reads names: the box shows `@Dana Lee` once
 * picked, and a comment shows the name of an address it knows (issue 26).
 */
export type MentionPerson = { name: string; email: string };

/** What the box shows for a picked person: the name, or the address of a person without one. */
export const mentionLabel = (person: MentionPerson) => `@${person.name.trim() || person.email}`;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The text to send: each picked person's label, where it still stands whole (after the start,
 * a space or "(", before the end or a character that cannot continue a name), becomes `@email`.
 * Longer labels go first, so "@Dana Lee" is not taken for "@Dana". A label edited by hand is
 * no longer a mention and is sent as typed.
 */
export const mentionsToData = (text: string, picked: readonly MentionPerson[]) => {
  const byLabel = new Map(picked.map((person) => [mentionLabel(person), person.email]));
  const labels = [...byLabel.keys()].sort((a, b) => b.length - a.length);
  if (labels.length === 0) return text;
  const pattern = new RegExp(
    `(^|[\\s(])(${labels.map(escape).join('|')})(?![\\p{L}\\p{N}_@]|[.-][\\p{L}\\p{N}])`,
    'gu',
  );
  return text.replace(
    pattern,
    (_, before: string, label: string) => `${before}@${byLabel.get(label)}`,
  );
};

export type MentionSegment = { text: string } | { email: string };

/** The text cut into plain runs and the `@email` mentions in it, in order. */
export const splitMentions = (text: string): MentionSegment[] => {
  const segments: MentionSegment[] = [];
  let at = 0;
  for (const match of text.matchAll(MENTION_PATTERN)) {
    const start = match.index + (match[1] ?? '').length;
    if (start > at) segments.push({ text: text.slice(at, start) });
    segments.push({ email: match[2] ?? '' });
    at = match.index + match[0].length;
  }
  if (at < text.length) segments.push({ text: text.slice(at) });
  return segments;
};
