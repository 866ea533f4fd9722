/**
 * What the product shows until someone edits the studio (the name comes from `PORTAL_NAME`). No
 * zod here: the sign-in page paints with the default accent, and `studio.ts` would bring zod and
 * the field rules into its first load (DESIGN §6, decision 0055).
 */
export const DEFAULT_ACCENT_COLOR = '#4f46e5';
export const DEFAULT_ESTIMATE_VALIDITY_DAYS = 30;
