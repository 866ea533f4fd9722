import cors from '@fastify/cors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { detailSchema, idParamsSchema } from '@portal/contract/common';
import { FIELD_MESSAGES } from '@portal/contract/fields';
import {
  LEAD_HONEYPOT_FIELD,
  LEAD_IMPORT_MAX_BYTES,
  LEAD_MESSAGES,
  LEAD_PIPELINE_MESSAGES,
  leadConvertRequestSchema,
  leadConvertResultSchema,
  leadDuplicateListSchema,
  leadImportOptionsSchema,
  leadImportResultSchema,
  leadMergeRequestSchema,
  leadCommentCreateRequestSchema,
  leadCommentListQuerySchema,
  leadCommentSchema,
  leadCreateRequestSchema,
  leadListQuerySchema,
  leadPublicRequestSchema,
  leadSchema,
  leadUpdateRequestSchema,
} from '@portal/contract/leads';
import { isStaff, requireStaff } from '../../http/auth';
import { ApiError, fieldError, notFound, validationError } from '../../http/errors';
import { detailActionPath, listActionPath, registerResource } from '../../http/resource';
import { addressKey, createThrottle, THROTTLES } from '../../http/throttle';
import { createLeadCommentService } from './comments';
import { streamLeadsCsv } from './csv-export';
import { decodeCsv, importLeads } from './csv-import';
import { createLeadPipelineService } from './pipeline';
import { createLeadService } from './service';

const staffOnly = (request: FastifyRequest) => {
  requireStaff(request);
};

/** A body checked in the handler (which schema applies depends on who posts), DRF-shaped errors. */
const parseBody = <T extends z.ZodType>(schema: T, body: unknown): z.output<T> => {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const errors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path.map(String).join('.') || 'non_field_errors';
    (errors[field] ??= []).push(issue.message);
  }
  throw validationError(errors);
};

/** Bots fill every field they find; people never see this one. */
const honeypotFilled = (body: unknown) => {
  if (typeof body !== 'object' || body === null) return false;
  const value = (body as Record<string, unknown>)[LEAD_HONEYPOT_FIELD];
  return value !== undefined && value !== null && value !== '' && value !== false;
};

// Generous for a contact form; every field has its own, smaller limit besides.
const LEAD_FORM_BODY_LIMIT = 256 * 1024;
const LEAD_FORM_PATH = '/api/leads/';

/**
 * `POST /api/leads/`: staff create a full lead; anyone else (a visitor, or a signed-in client
 * user, decision 0008) is the website form. Registered under its own prefix so that CORS —
 * needed because the form posts from the studio's website — covers this route and its preflight
 * and nothing else of the API.
 */
const leadCreateRoute = async (app: FastifyInstance) => {
  const { config, db } = app.ctx;
  const service = createLeadService(app.ctx);
  const throttle = createThrottle(db, config.throttle);
  const origins = config.leadFormOrigins;

  await app.register(cors, {
    // The wildcard preflight route cors adds lives under this prefix; only the create path answers.
    delegator: (request, callback) => {
      const path = request.url.split('?')[0];
      const allowed = path === LEAD_FORM_PATH && origins.length > 0;
      callback(null, {
        origin: allowed ? (origins.includes('*') ? '*' : origins) : false,
        methods: 'POST',
        // A website's form may send its retries with one key (issue 28).
        allowedHeaders: 'Content-Type, Idempotency-Key',
        exposedHeaders: 'Retry-After, Idempotent-Replayed',
        maxAge: 86_400,
      });
    },
  });

  app.post(
    '/',
    {
      prefixTrailingSlash: 'slash',
      bodyLimit: LEAD_FORM_BODY_LIMIT,
      schema: {
        tags: ['leads'],
        summary: 'Create a lead (staff), or submit the website lead form (anyone else)',
        description:
          'Staff send the full lead (`status`, `notes` included) and get it back. Anyone else is ' +
          'the public website form: only the contact fields, `message` and `metadata` are read, ' +
          `the status is always \`new\`, submissions are throttled per address, a filled ` +
          `\`${LEAD_HONEYPOT_FIELD}\` field is accepted but stored nowhere, and the answer is ` +
          'always the same `detail`.',
        body: z.looseObject({}, { error: FIELD_MESSAGES.notADictionary }),
        response: { 201: z.union([leadSchema, detailSchema]) },
      },
    },
    async (request, reply) => {
      if (isStaff(request)) {
        const body = parseBody(leadCreateRequestSchema, request.body);
        return reply.status(201).send(await service.create(body));
      }
      // Every attempt counts, bots' included, so a flood is refused before it costs anything.
      await throttle.hit(addressKey('leadform', request.ip), THROTTLES.leadFormPerAddress);
      const thanks = { detail: LEAD_MESSAGES.publicThanks };
      if (honeypotFilled(request.body)) {
        request.log.info('lead form honeypot filled: submission ignored');
        return reply.status(201).send(thanks);
      }
      await service.submitFromWebsite(parseBody(leadPublicRequestSchema, request.body));
      return reply.status(201).send(thanks);
    },
  );
};

const hasCode = (error: unknown, code: string) =>
  typeof error === 'object' && error !== null && 'code' in error && error.code === code;

/**
 * The uploaded CSV of an import and its `dry_run` field (the query string may say it too). The
 * file is read whole — at most 20 MB — since an import is checked entirely before anything is
 * written; a larger one is refused as soon as it passes the limit.
 */
const readImportUpload = async (request: FastifyRequest) => {
  if (!request.isMultipart()) throw fieldError('file', LEAD_PIPELINE_MESSAGES.importNoFile);
  // Every value of a field, from the query and the form alike: `request.query` keeps only the
  // last of a repeated key (decision 0016), which is right for a list's filters but would let
  // `?dry_run=true&dry_run=false` write — the options schema refuses a field given twice.
  const fields = new Map<string, unknown[]>();
  const put = (name: string, value: unknown) =>
    fields.set(name, [...(fields.get(name) ?? []), value]);
  const query = request.url.indexOf('?');
  if (query >= 0)
    for (const [name, value] of new URLSearchParams(request.url.slice(query + 1))) put(name, value);
  let file: Buffer | null = null;
  try {
    for await (const part of request.parts({
      limits: { fileSize: LEAD_IMPORT_MAX_BYTES, files: 1, fields: 10 },
    })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname === 'file') file = bytes;
      } else put(part.fieldname, part.value);
    }
  } catch (error) {
    if (hasCode(error, 'FST_REQ_FILE_TOO_LARGE'))
      throw fieldError('file', LEAD_PIPELINE_MESSAGES.importTooLarge);
    if (error instanceof ApiError) throw error;
    const message = error instanceof Error ? error.message : 'unreadable form';
    throw new ApiError(400, { detail: `Multipart form parse error - ${message}` });
  }
  if (!file) throw fieldError('file', LEAD_PIPELINE_MESSAGES.importNoFile);
  const options = Object.fromEntries(
    [...fields].map(([name, values]) => [name, values.length === 1 ? values[0] : values]),
  );
  return { file, options: parseBody(leadImportOptionsSchema, options) };
};

/** The pipeline calls (issue 18): export, import, duplicates, merge, convert — staff only. */
const leadPipelineRoutes = (parent: FastifyInstance) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;
  const pipeline = createLeadPipelineService(app.ctx);
  const tags = ['leads'];
  const guard = { preValidation: async (request: FastifyRequest) => staffOnly(request) };

  app.get(
    listActionPath('leads', 'export'),
    {
      schema: {
        tags,
        summary: 'The filtered leads as CSV',
        description:
          'Same `search` and `status` as the list, newest first; UTF-8 with a header row, one ' +
          'lead per row, `metadata` as JSON. Streamed from a cursor, so any number of leads.',
        querystring: leadListQuerySchema,
        produces: ['text/csv'],
      },
      ...guard,
    },
    async (request, reply) => {
      const csv = await streamLeadsCsv(db, request.query);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="leads-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  app.post(
    listActionPath('leads', 'import'),
    {
      // The multipart plugin enforces the file's own limit; this only lets the request through.
      bodyLimit: LEAD_IMPORT_MAX_BYTES + 64 * 1024,
      schema: {
        tags,
        summary: 'Import leads from a CSV file (multipart `file`, `dry_run`)',
        description:
          'Columns by header name (common aliases understood, unknown columns into metadata). ' +
          'All or nothing: any bad row and nothing is created; every bad row is reported. Rows ' +
          'repeating an existing lead (same email or phone) are skipped and reported. 201 when ' +
          'leads were created, 200 for a dry run or a refused file.',
        consumes: ['multipart/form-data'],
        response: { 200: leadImportResultSchema, 201: leadImportResultSchema },
      },
      ...guard,
    },
    async (request, reply) => {
      const { file, options } = await readImportUpload(request);
      const result = await importLeads(db, decodeCsv(file), options.dry_run ?? false);
      return reply.status(result.created > 0 ? 201 : 200).send(result);
    },
  );

  app.get(
    detailActionPath('leads', 'duplicates'),
    {
      schema: {
        tags,
        summary: 'Other leads with the same email (any case) or phone (digits, at least 7)',
        params: idParamsSchema,
        response: { 200: leadDuplicateListSchema },
      },
      ...guard,
    },
    async (request) => {
      const duplicates = await pipeline.duplicates(request.params.id);
      if (!duplicates) throw notFound();
      return duplicates;
    },
  );

  // Merge and convert are declared alike but stay two routes: different answers and statuses
  // (the surviving lead, 200; what the conversion created, 201), and a helper generic over their
  // schemas loses the type provider's typing of body and reply, so it would need casts.
  app.post(
    detailActionPath('leads', 'merge'),
    {
      schema: {
        tags,
        summary: 'Merge this lead into another (`into`), which is answered',
        params: idParamsSchema,
        body: leadMergeRequestSchema,
        response: { 200: leadSchema },
      },
      ...guard,
    },
    async (request) => {
      const merged = await pipeline.merge(
        request.params.id,
        request.body.into,
        requireStaff(request).user,
      );
      if (!merged) throw notFound();
      return merged;
    },
  );

  app.post(
    detailActionPath('leads', 'convert'),
    {
      schema: {
        tags,
        summary: 'Convert a won lead into a client, a client user invitation and a project',
        params: idParamsSchema,
        body: leadConvertRequestSchema,
        response: { 201: leadConvertResultSchema },
      },
      ...guard,
    },
    async (request, reply) => {
      const result = await pipeline.convert(
        request.params.id,
        request.body,
        requireStaff(request).user,
      );
      if (!result) throw notFound();
      return reply.status(201).send(result);
    },
  );
};

/** `leads` and `lead-comments` (DESIGN §3): staff only, except the website form. */
export const leadRoutes = async (app: FastifyInstance) => {
  const leads = createLeadService(app.ctx);
  const comments = createLeadCommentService(app.ctx.db);

  registerResource(app, {
    name: 'leads',
    item: leadSchema,
    query: leadListQuerySchema,
    updateBody: leadUpdateRequestSchema,
    permission: staffOnly,
    list: (_request, query, page) => leads.list(query, page),
    listByCursor: (_request, query, cursor, pageSize) =>
      leads.listByCursor(query, cursor, pageSize),
    retrieve: (_request, id) => leads.retrieve(id),
    update: (_request, id, body) => leads.update(id, body),
    destroy: (_request, id) => leads.destroy(id),
  });
  leadPipelineRoutes(app);
  await app.register(leadCreateRoute, { prefix: LEAD_FORM_PATH.replace(/\/$/, '') });

  registerResource(app, {
    name: 'lead-comments',
    item: leadCommentSchema,
    query: leadCommentListQuerySchema,
    createBody: leadCommentCreateRequestSchema,
    permission: staffOnly,
    list: (_request, query, page) => comments.list(query, page),
    retrieve: (_request, id) => comments.retrieve(id),
    create: (request, body) => comments.create(body, requireStaff(request)),
    destroy: (request, id) => comments.destroy(id, requireStaff(request)),
    restore: (request, id) => comments.restore(id, requireStaff(request)),
  });
};
