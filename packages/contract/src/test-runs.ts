import { z } from 'zod';
import { paginated } from './common';
import { blankableTextField, choiceField, pkField, requestBody, textField } from './fields';
import { TEST_STEP_TYPES } from './test-plans';

/**
 * Test runs (issue 16, decision 0019): a run copies a milestone's test plan as it is when
 * started (one result per step, flow order then step order), people record a result per step,
 * someone completes it, and a user of the milestone's client signs it off.
 */
export const TEST_RUN_STATUSES = ['in_progress', 'completed', 'signed_off'] as const;
export type TestRunStatus = (typeof TEST_RUN_STATUSES)[number];

export const TEST_RESULTS = ['untested', 'passed', 'failed', 'blocked', 'skipped'] as const;
export type TestResult = (typeof TEST_RESULTS)[number];

export const TEST_RUN_LIMITS = {
  name: 255,
  note: 5_000,
  signatureName: 255,
  attachmentName: 255,
  /** One screenshot or PDF per upload. */
  attachmentBytes: 10 * 1024 * 1024,
} as const;
const L = TEST_RUN_LIMITS;

/** What an attachment may be, by its bytes (the name and the declared type are not trusted). */
export const TEST_RUN_ATTACHMENT_TYPES = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'application/pdf',
] as const;

export const testRunSummarySchema = z.object({
  total: z.number().int(),
  passed: z.number().int(),
  failed: z.number().int(),
  blocked: z.number().int(),
  skipped: z.number().int(),
  untested: z.number().int(),
});
export type TestRunSummary = z.infer<typeof testRunSummarySchema>;

export const testRunAttachmentSchema = z.object({
  id: z.number().int(),
  /** A signed link that works in `<img src>` for about an hour (decision 0019). */
  url: z.string(),
  name: z.string(),
  size: z.number().int(),
  content_type: z.enum(TEST_RUN_ATTACHMENT_TYPES),
});
export type TestRunAttachment = z.infer<typeof testRunAttachmentSchema>;

export const testRunResultSchema = z.object({
  id: z.number().int(),
  run: z.number().int(),
  /** 0-based position in the run (flow order, then step order, when it started). */
  order: z.number().int(),
  flow_name: z.string(),
  /** Markdown, copied from the step when the run started. */
  step_description: z.string(),
  step_type: z.enum(TEST_STEP_TYPES),
  result: z.enum(TEST_RESULTS),
  note: z.string(),
  attachments: z.array(testRunAttachmentSchema),
  updated_by: z.number().int().nullable(),
  updated_at: z.string().nullable(),
});
export type TestRunResultRow = z.infer<typeof testRunResultSchema>;

/** What a run is, in a list or on its own. */
export const testRunFieldsSchema = z.object({
  id: z.number().int(),
  milestone: z.number().int(),
  name: z.string(),
  status: z.enum(TEST_RUN_STATUSES),
  started_by: z.number().int().nullable(),
  started_at: z.string(),
  completed_at: z.string().nullable(),
  signed_off_by: z.number().int().nullable(),
  signed_off_at: z.string().nullable(),
  signature_name: z.string(),
  sign_off_note: z.string(),
  summary: testRunSummarySchema,
});
export type TestRunFields = z.infer<typeof testRunFieldsSchema>;

/** Where a run belongs, so a list of runs across projects reads on its own (issue 25). */
export const testRunWhereSchema = z.object({
  client: z.string(),
  project: z.object({ slug: z.string(), name: z.string() }),
  milestone: z.string(),
});

export const testRunListItemSchema = testRunFieldsSchema.extend({ where: testRunWhereSchema });
export type TestRunListItem = z.infer<typeof testRunListItemSchema>;
export const testRunListSchema = paginated(testRunListItemSchema);

/** A run with its results in order. */
export const testRunSchema = testRunFieldsSchema.extend({
  results: z.array(testRunResultSchema),
});
export type TestRun = z.infer<typeof testRunSchema>;

/**
 * `GET /api/test-runs/?milestone={id}&status={status}`: newest first, without results. A
 * client's "waiting for your sign-off" is `status=completed`.
 */
export const testRunListQuerySchema = z.object({
  milestone: pkField().optional(),
  status: choiceField(TEST_RUN_STATUSES).optional(),
});
export type TestRunListQuery = z.infer<typeof testRunListQuerySchema>;

/** `POST /api/test-runs/`: `name` defaults to "Run N", N counting the milestone's runs. */
export const testRunCreateRequestSchema = requestBody({
  milestone: pkField(),
  name: textField(L.name).optional(),
});
export type TestRunCreateRequest = z.infer<typeof testRunCreateRequestSchema>;

/** `PATCH /api/test-run-results/{id}/` (PUT takes both): only while the run is in progress. */
export const testRunResultUpdateRequestSchema = requestBody({
  result: choiceField(TEST_RESULTS),
  note: blankableTextField(L.note),
});
export type TestRunResultUpdateRequest = z.infer<typeof testRunResultUpdateRequestSchema>;

/**
 * `POST /api/test-runs/{id}/sign-off/`: the typed full name is the signature; `note` is required
 * when any step failed or is blocked.
 */
export const testRunSignOffRequestSchema = requestBody({
  signature_name: textField(L.signatureName),
  note: blankableTextField(L.note).optional(),
});
export type TestRunSignOffRequest = z.infer<typeof testRunSignOffRequestSchema>;

export const TEST_RUN_MESSAGES = {
  noSteps: 'This milestone has no test steps to run.',
  notInProgress: 'This test run is no longer in progress.',
  notCompleted: 'Only a completed test run can be signed off.',
  noteRequired: 'Explain the failed or blocked steps before signing off.',
  attachmentType: 'Upload an image (PNG, JPEG, GIF, WebP) or a PDF.',
  attachmentTooLarge: `The file is too large. The maximum size is ${L.attachmentBytes / 1024 / 1024} MB.`,
  attachmentEmpty: 'The submitted file is empty.',
  attachmentMissing: 'No file was submitted.',
} as const;

/** Counts of results by kind; the web app recomputes it after optimistic saves. */
export const summarize = (results: readonly { result: TestResult }[]): TestRunSummary => {
  const summary = { total: 0, passed: 0, failed: 0, blocked: 0, skipped: 0, untested: 0 };
  for (const { result } of results) {
    summary.total++;
    summary[result]++;
  }
  return summary;
};

/**
 * Where a milestone's acceptance testing stands (issue 25), from its latest run: no steps yet,
 * steps but no run, a run in progress, completed and waiting for the client's sign-off, or
 * signed off (by the name typed, when).
 */
export const MILESTONE_TEST_STATES = [
  'no_plan',
  'not_started',
  'in_progress',
  'waiting_sign_off',
  'signed_off',
] as const;
export type MilestoneTestStateName = (typeof MILESTONE_TEST_STATES)[number];

export const milestoneTestStateSchema = z.object({
  milestone: z.number().int(),
  state: z.enum(MILESTONE_TEST_STATES),
  /** The latest run, if any. */
  run: z
    .object({
      id: z.number().int(),
      name: z.string(),
      status: z.enum(TEST_RUN_STATUSES),
      signature_name: z.string(),
      signed_off_at: z.string().nullable(),
    })
    .nullable(),
});
export type MilestoneTestState = z.infer<typeof milestoneTestStateSchema>;
export const milestoneTestStateListSchema = z.array(milestoneTestStateSchema);

/** `GET /api/milestone-test-states/?project={id}`: one per milestone, in the project's order. */
export const milestoneTestStateQuerySchema = z.object({ project: pkField() });
