import { idSchema, MAX_ID } from '@portal/contract/common';

export { MAX_ID };

/**
 * A numeric id from a route parameter, or null when it is not one. The server's own path rule:
 * canonical decimal digits only, so `1e3`, `0x10`, ` 12`, `007` or '' name no record here
 * either, and a value beyond the server's integer keys would only ever answer 404.
 */
export const parseId = (value: string | null | undefined): number | null => {
  const parsed = idSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
};
