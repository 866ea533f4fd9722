import { z } from 'zod';
import { LEAD_ORDERING_FIELDS, orderingField } from './sorting';
import { cursorPaginated, DEFAULT_PAGE_SIZE, detailSchema, paginated } from './common';
import {
  blankableTextField,
  choiceField,
  FIELD_MESSAGES,
  pkField,
  requestBody,
  textField,
} from './fields';

/** Spec §4 "Lead status": any status can be chosen; no transitions are restricted. */
export const LEAD_STATUSES = [
  'new',
  'contacted',
  'no-response',
  'negotiation',
  'closed',
  'won',
  'spam',
] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  'no-response': 'No Response',
  negotiation: 'Negotiation',
  closed: 'Closed',
  won: 'Won',
  spam: 'Spam',
};

export type LeadBadgeColor = 'blue' | 'yellow' | 'orange' | 'violet' | 'green' | 'red' | 'grey';

export const LEAD_STATUS_COLORS: Record<LeadStatus, LeadBadgeColor> = {
  new: 'blue',
  contacted: 'yellow',
  'no-response': 'orange',
  negotiation: 'violet',
  closed: 'green',
  won: 'green',
  spam: 'red',
};

export const isLeadStatus = (value: string): value is LeadStatus =>
  (LEAD_STATUSES as readonly string[]).includes(value);

/** How a status is shown: its label and colour, or (older or imported data) as-is in grey. */
export const leadStatusBadge = (status: string): { label: string; color: LeadBadgeColor } =>
  isLeadStatus(status)
    ? { label: LEAD_STATUS_LABELS[status], color: LEAD_STATUS_COLORS[status] }
    : { label: status, color: 'grey' };

/** Spec §9: the lead list shows 20 per page; total pages = count / 20 rounded up. */
export const LEAD_PAGE_SIZE = DEFAULT_PAGE_SIZE;
export const leadPageCount = (count: number) => Math.ceil(count / LEAD_PAGE_SIZE);

export const LEAD_LIMITS = {
  name: 150,
  email: 254,
  phone: 50,
  company: 255,
  title: 255,
  message: 5_000,
  notes: 10_000,
  metadataKeys: 50,
  metadataKey: 100,
  metadataValue: 1_000,
  search: 200,
  comment: 5_000,
} as const;

const M = FIELD_MESSAGES;
const L = LEAD_LIMITS;

const emailField = () =>
  z
    .string({
      error: (issue) =>
        issue.input === undefined ? M.required : issue.input === null ? M.null : M.notAString,
    })
    .trim()
    .min(1, M.blank)
    .max(L.email, M.tooLong(L.email))
    .pipe(z.email('Enter a valid email address.'));

export const LEAD_MESSAGES = {
  metadataNotADictionary: 'Expected a dictionary of text values.',
  metadataTooManyKeys: `Ensure this field has no more than ${L.metadataKeys} keys.`,
  metadataBlankKey: 'Keys may not be blank.',
  metadataKeyTooLong: `Ensure every key has no more than ${L.metadataKey} characters.`,
  metadataValueNotAString: (key: string) => `"${key}": Not a valid string.`,
  metadataValueTooLong: (key: string) =>
    `"${key}": Ensure this value has no more than ${L.metadataValue} characters.`,
  /** The answer to every accepted website submission, stored or not: it reveals nothing. */
  publicThanks: 'Thank you, we will be in touch.',
} as const;

/**
 * `metadata`: the query parameters of the page a visitor came from (UTM tags and the like), a
 * flat map of text. Every problem is reported on the field itself, so a form shows it in one place.
 */
export const metadataField = () =>
  z.preprocess(
    (value) => (value === null ? {} : value),
    z
      .unknown()
      .superRefine((value, ctx) => {
        const fail = (message: string) => ctx.addIssue({ code: 'custom', message, input: value });
        if (value === undefined) return fail(M.required);
        if (typeof value !== 'object' || value === null || Array.isArray(value))
          return fail(LEAD_MESSAGES.metadataNotADictionary);
        const entries = Object.entries(value);
        if (entries.length > L.metadataKeys) return fail(LEAD_MESSAGES.metadataTooManyKeys);
        for (const [key, item] of entries) {
          if (key.trim() === '') return fail(LEAD_MESSAGES.metadataBlankKey);
          if (key.length > L.metadataKey) return fail(LEAD_MESSAGES.metadataKeyTooLong);
          if (typeof item !== 'string') return fail(LEAD_MESSAGES.metadataValueNotAString(key));
          if (item.length > L.metadataValue) return fail(LEAD_MESSAGES.metadataValueTooLong(key));
        }
      })
      .transform((value) => value as Record<string, string>),
  );

/** The person behind a lead: what both the website form and staff may write. */
const contactShape = {
  first_name: textField(L.name),
  last_name: textField(L.name),
  email: emailField(),
  phone: blankableTextField(L.phone).optional(),
  company: blankableTextField(L.company).optional(),
  title: blankableTextField(L.title).optional(),
  message: blankableTextField(L.message).optional(),
  metadata: metadataField().optional(),
};

const staffShape = {
  ...contactShape,
  status: choiceField(LEAD_STATUSES).optional(),
  notes: blankableTextField(L.notes).optional(),
};

/** `POST /api/leads/` by staff: the full lead; `status` defaults to `new`. */
export const leadCreateRequestSchema = requestBody(staffShape);
export type LeadCreateRequest = z.infer<typeof leadCreateRequestSchema>;

/** `PUT`/`PATCH /api/leads/{id}/` (staff). */
export const leadUpdateRequestSchema = requestBody(staffShape);
export type LeadUpdateRequest = z.infer<typeof leadUpdateRequestSchema>;

/** The honeypot: a field people never see, so only bots fill it. */
export const LEAD_HONEYPOT_FIELD = 'website';

/**
 * `POST /api/leads/` by anyone else: the website capture form. Only the contact fields, `message`
 * and `metadata` are read (status is always `new`); anything else is ignored.
 */
export const leadPublicRequestSchema = requestBody({
  ...contactShape,
  [LEAD_HONEYPOT_FIELD]: z.unknown().optional(),
});
export type LeadPublicRequest = z.infer<typeof leadPublicRequestSchema>;

/** What the website form gets back, stored or not (201). */
export const leadPublicResponseSchema = detailSchema;

/** A client or project a won lead was converted into, enough to link to it. */
export const leadConversionTargetSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
});
export type LeadConversionTarget = z.infer<typeof leadConversionTargetSchema>;

export const leadSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string(),
  email: z.string(),
  company: z.string(),
  title: z.string(),
  /** One of LEAD_STATUSES from this server; shown as-is in grey when unknown (imported data). */
  status: z.string(),
  notes: z.string(),
  message: z.string(),
  metadata: z.record(z.string(), z.string()),
  /** ISO 8601 with time zone. */
  created_at: z.string(),
  /** Set once the lead was converted (`POST /api/leads/{id}/convert/`); null before. */
  converted_client: leadConversionTargetSchema.nullable(),
  converted_project: leadConversionTargetSchema.nullable(),
});
export type Lead = z.infer<typeof leadSchema>;
export const leadListSchema = paginated(leadSchema);
/** `GET /api/leads/?cursor=`: the same leads in the same order, a page after or before a position. */
export const leadCursorPageSchema = cursorPaginated(leadSchema);

/** `GET /api/leads/`: an empty `search` or `status` means no filter. */
export const leadListQuerySchema = z.object({
  search: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.string().trim().max(L.search, M.tooLong(L.search)).optional(),
  ),
  status: z.preprocess(
    (value) => (value === '' ? undefined : value),
    choiceField(LEAD_STATUSES).optional(),
  ),
  /** `created_at`, `status`, `company`, `-` first for descending; newest first when absent. */
  ordering: orderingField(LEAD_ORDERING_FIELDS),
});
export type LeadListQuery = z.infer<typeof leadListQuerySchema>;

// Lead comments.

export const leadCommentSchema = z.object({
  id: z.number().int(),
  lead: z.number().int(),
  message: z.string(),
  /** The author; null once their account is gone. */
  created_by: z.object({ id: z.number().int(), email: z.string() }).nullable(),
  /** ISO 8601 with time zone. */
  created_at: z.string(),
});
export type LeadComment = z.infer<typeof leadCommentSchema>;
export const leadCommentListSchema = paginated(leadCommentSchema);

/** `GET /api/lead-comments/?lead={id}`: oldest first, as a conversation reads. */
export const leadCommentListQuerySchema = z.object({ lead: pkField().optional() });
export type LeadCommentListQuery = z.infer<typeof leadCommentListQuerySchema>;

/** `POST /api/lead-comments/`: the author is whoever is signed in. */
export const leadCommentCreateRequestSchema = requestBody({
  lead: pkField(),
  message: textField(L.comment),
});
export type LeadCommentCreateRequest = z.infer<typeof leadCommentCreateRequestSchema>;

// The pipeline: board, CSV import and export, duplicates, merge and convert (issue 18).

/** The columns of `GET /api/leads/export/`, in order; the import reads the same names back. */
export const LEAD_EXPORT_COLUMNS = [
  'id',
  'first_name',
  'last_name',
  'email',
  'phone',
  'company',
  'title',
  'status',
  'message',
  'created_at',
  'metadata',
] as const;

/** The largest CSV file `POST /api/leads/import/` reads. */
export const LEAD_IMPORT_MAX_BYTES = 20 * 1024 * 1024;

/** Phones are compared by their digits; fewer than this many say too little to match on. */
export const LEAD_PHONE_MATCH_MIN_DIGITS = 7;

/** The digits of a phone number when there are enough of them to compare, else null. */
export const phoneDigits = (phone: string): string | null => {
  const digits = phone.replace(/\D/g, '');
  return digits.length >= LEAD_PHONE_MATCH_MIN_DIGITS ? digits : null;
};

export const LEAD_DUPLICATE_REASONS = ['email', 'phone'] as const;
export type LeadDuplicateReason = (typeof LEAD_DUPLICATE_REASONS)[number];

/** `GET /api/leads/{id}/duplicates/`: other leads with the same email or phone, oldest first. */
export const leadDuplicateSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  company: z.string(),
  status: z.string(),
  reason: z.enum(LEAD_DUPLICATE_REASONS),
});
export type LeadDuplicate = z.infer<typeof leadDuplicateSchema>;
export const leadDuplicateListSchema = z.array(leadDuplicateSchema);

/**
 * `dry_run` as a form or query value: `true`/`false` (and the usual spellings of them). Given
 * more than once it arrives as an array and is refused: which value was meant is a guess, and
 * guessing wrong writes what was meant as a dry run.
 */
const formBooleanField = () =>
  z.preprocess(
    (value) => {
      if (typeof value !== 'string') return value;
      const v = value.trim().toLowerCase();
      if (['true', '1', 'yes', 'on'].includes(v)) return true;
      if (['false', '0', 'no', 'off', ''].includes(v)) return false;
      return value;
    },
    z.boolean({
      error: (issue) => (Array.isArray(issue.input) ? M.givenTwice : M.notABoolean),
    }),
  );

/**
 * `POST /api/leads/import/`: the multipart fields besides `file`, also read from the query; a
 * field the query and the form both give, or either gives twice, is an array here.
 */
export const leadImportOptionsSchema = z.object({
  dry_run: formBooleanField().optional(),
});
export type LeadImportOptions = z.infer<typeof leadImportOptionsSchema>;

/** Why an import could not take a row (the file's row number, the header being row 1). */
export const leadImportErrorSchema = z.object({
  row: z.number().int(),
  field: z.string(),
  message: z.string(),
});
export type LeadImportError = z.infer<typeof leadImportErrorSchema>;

/** A row that matches a lead already there: it is skipped, not created twice. */
export const leadImportDuplicateSchema = z.object({
  row: z.number().int(),
  lead: z.number().int(),
  reason: z.enum(LEAD_DUPLICATE_REASONS),
});
export type LeadImportDuplicate = z.infer<typeof leadImportDuplicateSchema>;

/** A row that repeats an earlier row of the same file: skipped, the earlier one stands. */
export const leadImportFileDuplicateSchema = z.object({
  row: z.number().int(),
  same_as_row: z.number().int(),
  reason: z.enum(LEAD_DUPLICATE_REASONS),
});
export type LeadImportFileDuplicate = z.infer<typeof leadImportFileDuplicateSchema>;

/** One row as the import will write it: what the dry run's preview table shows. */
export const leadImportPreviewRowSchema = z.object({
  row: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  company: z.string(),
  status: z.string(),
});
export type LeadImportPreviewRow = z.infer<typeof leadImportPreviewRowSchema>;

export const LEAD_IMPORT_PREVIEW_ROWS = 50;

/**
 * The answer of an import or its dry run: `rows` read, `created` (0 on a dry run or when any row
 * has an error: all or nothing), the rows skipped as duplicates of a lead or of an earlier row,
 * every bad row, the columns as they were understood and the first rows as they would be written.
 */
export const leadImportResultSchema = z.object({
  dry_run: z.boolean(),
  rows: z.number().int(),
  created: z.number().int(),
  duplicates: z.array(leadImportDuplicateSchema),
  duplicates_in_file: z.array(leadImportFileDuplicateSchema),
  errors: z.array(leadImportErrorSchema),
  /** Each header of the file and the field it fills (`metadata.<name>` for unknown ones). */
  columns: z.array(z.object({ header: z.string(), field: z.string() })),
  preview: z.array(leadImportPreviewRowSchema),
});
export type LeadImportResult = z.infer<typeof leadImportResultSchema>;

/** `POST /api/leads/{id}/merge/`: this lead goes into `into`, which is answered. */
export const leadMergeRequestSchema = requestBody({ into: pkField() });
export type LeadMergeRequest = z.infer<typeof leadMergeRequestSchema>;

/** `POST /api/leads/{id}/convert/`: names default to the company (or the person) they come from. */
export const leadConvertRequestSchema = requestBody({
  client_name: blankableTextField(255).optional(),
  project_name: blankableTextField(255).optional(),
});
export type LeadConvertRequest = z.infer<typeof leadConvertRequestSchema>;

/** What a conversion made: the lead (now `won`), the new client and its first project. */
export const leadConvertResultSchema = z.object({
  lead: leadSchema,
  client: leadConversionTargetSchema,
  project: leadConversionTargetSchema,
  /** The client user linked for the lead's email; `invited` when an invitation was emailed. */
  client_user: z.object({ id: z.number().int(), email: z.string(), invited: z.boolean() }),
});
export type LeadConvertResult = z.infer<typeof leadConvertResultSchema>;

export const LEAD_PIPELINE_MESSAGES = {
  alreadyConverted: 'This lead has already been converted to a client.',
  mergeIntoItself: 'A lead cannot be merged into itself.',
  importNoFile: 'No file was submitted.',
  importTooLarge: `The file is larger than ${LEAD_IMPORT_MAX_BYTES / 1024 / 1024} MB.`,
  importNotText: 'This is not a CSV file: it holds binary data.',
  importNotUtf8: 'The file is not UTF-8 text. Save it as "CSV UTF-8" and try again.',
  importEmpty: 'The file is empty: it needs a header row and at least one lead.',
  importNoRows: 'The file has a header row but no leads.',
  importMissingColumn: (field: string) =>
    `The file has no "${field}" column (the first row must name the columns).`,
  importUnreadable: (reason: string) => `This file could not be read as CSV: ${reason}`,
  importRowLength: (cells: number, headers: number) =>
    `This row has ${cells} cells but the header has ${headers}.`,
  importBadDate: 'Enter a date and time such as 2024-05-01T09:30:00Z.',
  importBadMetadata: 'Expected a JSON object of text values.',
  importRunning: 'Another lead import is running. Try again when it has finished.',
} as const;
