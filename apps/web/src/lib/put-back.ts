/** A record a list orders by creation time, then id (notes, comments). */
type Dated = { id: number; created_at: string };

const before = (a: Dated, b: Dated) => {
  const [ta, tb] = [Date.parse(a.created_at), Date.parse(b.created_at)];
  return ta < tb || (ta === tb && a.id < b.id);
};

/**
 * Puts a restored record (Undo after a delete) back among the others where the server lists
 * it: by creation time and id, oldest or newest first. A record already there is not doubled.
 */
export const putBack = <T extends Dated>(
  list: readonly T[],
  record: T,
  order: 'oldest-first' | 'newest-first',
): T[] => {
  const rest = list.filter((other) => other.id !== record.id);
  const at = rest.findIndex((other) =>
    order === 'oldest-first' ? before(record, other) : before(other, record),
  );
  return at === -1 ? [...rest, record] : [...rest.slice(0, at), record, ...rest.slice(at)];
};
