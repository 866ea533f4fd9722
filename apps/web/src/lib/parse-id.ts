/** The largest id the server's PostgreSQL `integer` keys can hold. */
export const MAX_ID = 2_147_483_647;

/**
 * A numeric id from a route parameter, or null when it is not one. Only plain digits count:
 * `Number()` alone would also take '1e3', '0x10', ' 12' or '', which are no ids of ours, and a
 * value beyond the server's integer keys would only ever answer 404 (or a 400) from the API.
 */
export const parseId = (value: string | null | undefined): number | null => {
  if (!value || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && id <= MAX_ID ? id : null;
};
