/**
 * A version's statuses, apart from `estimate-versions.ts` because the estimate list shows the
 * latest one and `estimate-versions.ts` itself builds on `estimates.ts`.
 */
export const ESTIMATE_VERSION_STATUSES = [
  'sent',
  'approved',
  'changes_requested',
  'superseded',
] as const;
export type EstimateVersionStatus = (typeof ESTIMATE_VERSION_STATUSES)[number];
