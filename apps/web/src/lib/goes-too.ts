/**
 * What goes with a deleted thing, said under its confirmation (issue 19): "Its 12 items go
 * too." — nothing when nothing goes with it.
 */
export const countGoesToo = (count: number, noun: string): string | undefined => {
  if (count <= 0) return undefined;
  return count === 1 ? `Its 1 ${noun} goes too.` : `Its ${count} ${noun}s go too.`;
};
