import { z } from 'zod';
import { paginated } from './common';
import { ESTIMATE_VERSION_STATUSES, type EstimateVersionStatus } from './estimate-version-statuses';
import { estimateDetailSchema, formatPrice } from './estimates';
import { blankableTextField, pkField, requestBody, textField } from './fields';

/**
 * Estimate versions (issue 15, DESIGN §8): staff send the estimate as it is now; the version
 * freezes it (`snapshot`, the estimate detail answer as it was) and waits for a client user of
 * the estimate's client to approve it with a typed signature or to ask for changes.
 */

export { ESTIMATE_VERSION_STATUSES, type EstimateVersionStatus };

export const ESTIMATE_VERSION_LIMITS = {
  message: 5_000,
  signatureName: 150,
  note: 5_000,
} as const;

export const ESTIMATE_VERSION_MESSAGES = {
  /** A decision on a version that is no longer waiting for one (409). */
  notWaiting: (status: EstimateVersionStatus) =>
    `This version can no longer be decided: it is ${status.replace('_', ' ')}.`,
  /** An approval after the version's validity (409); `when` its end, on the reader's clock. */
  expired: (when: string) =>
    `This version expired on ${when} and can no longer be approved. Ask the studio to send it again.`,
} as const;

/** A version still waiting whose validity has passed: the app shows it expired (issue 25). */
export const isExpired = (
  version: { status: EstimateVersionStatus; valid_until: string },
  now: number = Date.now(),
) => version.status === 'sent' && Date.parse(version.valid_until) <= now;

/** Who sent or decided; null once their account is gone. */
export const estimateVersionUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
});
export type EstimateVersionUser = z.infer<typeof estimateVersionUserSchema>;

export const estimateVersionSchema = z.object({
  id: z.number().int(),
  estimate: z.number().int(),
  /** 1, 2, 3 … per estimate. */
  number: z.number().int(),
  status: z.enum(ESTIMATE_VERSION_STATUSES),
  /** The sender's message to the client ('' when none). */
  message: z.string(),
  /** ISO 8601 with time zone. */
  sent_at: z.string(),
  /** Until when it may be approved (the studio's validity days after it was sent). */
  valid_until: z.string(),
  sent_by: estimateVersionUserSchema.nullable(),
  /** The estimate detail (`GET /api/estimates/{id}/`) as it was when sent; never changes. */
  snapshot: estimateDetailSchema,
  decided_at: z.string().nullable(),
  decided_by: estimateVersionUserSchema.nullable(),
  /** The full name the client typed to approve; null unless approved. */
  signature_name: z.string().nullable(),
  /** What the client asked to change; null unless changes were requested. */
  decision_note: z.string().nullable(),
});
export type EstimateVersion = z.infer<typeof estimateVersionSchema>;
export const estimateVersionListSchema = paginated(estimateVersionSchema);

/**
 * `GET /api/estimate-versions/latest/`: the newest version's number and status of every estimate
 * in scope that has one (an estimate missing from it is a draft), for the estimate list.
 */
export const estimateLatestVersionSchema = z.object({
  estimate: z.number().int(),
  number: z.number().int(),
  status: z.enum(ESTIMATE_VERSION_STATUSES),
  sent_at: z.string(),
  valid_until: z.string(),
  /** What the client signs for (issue 25): the version's safe hours and, with a rate, price. */
  total_hours_safe: z.string(),
  /** The safe price, exact with 4 decimals, and its currency; null for hours only. */
  price_safe: z.string().nullable(),
  currency: z.string(),
});
export type EstimateLatestVersion = z.infer<typeof estimateLatestVersionSchema>;
export const estimateLatestVersionArraySchema = z.array(estimateLatestVersionSchema);

/** `GET /api/estimate-versions/?estimate={id}`: newest first; every version in scope without. */
export const estimateVersionListQuerySchema = z.object({ estimate: pkField().optional() });
export type EstimateVersionListQuery = z.infer<typeof estimateVersionListQuerySchema>;

const L = ESTIMATE_VERSION_LIMITS;

/** `POST /api/estimates/{id}/send/` (staff): answers the new version (201). */
export const estimateSendRequestSchema = requestBody({
  message: blankableTextField(L.message).optional(),
});
export type EstimateSendRequest = z.infer<typeof estimateSendRequestSchema>;

/** `POST /api/estimate-versions/{id}/approve/` (a client user of the estimate's client). */
export const estimateVersionApproveRequestSchema = requestBody({
  signature_name: textField(L.signatureName),
});
export type EstimateVersionApproveRequest = z.infer<typeof estimateVersionApproveRequestSchema>;

/** `POST /api/estimate-versions/{id}/request-changes/` (a client user of the estimate's client). */
export const estimateVersionRequestChangesRequestSchema = requestBody({
  note: textField(L.note),
});
export type EstimateVersionRequestChangesRequest = z.infer<
  typeof estimateVersionRequestChangesRequestSchema
>;

/** The number a client files a version under (issue 25): stable, `EST-{estimate}-v{version}`. */
export const estimateNumber = (version: Pick<EstimateVersion, 'estimate' | 'number'>) =>
  `EST-${version.estimate}-v${version.number}`;

/**
 * What a version asks the client to sign for, with contingency: "€12,345.00 (227.00 hours)", or
 * the hours where the estimate has no rate. The app's banner and the email say the same.
 */
export const versionAmount = ({ snapshot }: Pick<EstimateVersion, 'snapshot'>) =>
  snapshot.price
    ? `${formatPrice(snapshot.price.safe, snapshot.currency)} (${snapshot.total_hours_safe} hours)`
    : `${snapshot.total_hours_safe} hours`;

/** A version's PDF download name: the estimate's name in lowercase letters, digits and dashes. */
export const versionFileName = (version: Pick<EstimateVersion, 'number' | 'snapshot'>) => {
  const base = version.snapshot.name
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/[\s_]+/g, '-')
    .toLowerCase()
    .slice(0, 80);
  return `${base || 'estimate'}-v${version.number}.pdf`;
};
