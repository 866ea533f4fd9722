import cors from '@fastify/cors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { detailSchema } from '@portal/contract/common';
import { FIELD_MESSAGES } from '@portal/contract/fields';
import {
  LEAD_HONEYPOT_FIELD,
  LEAD_MESSAGES,
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
import { validationError } from '../../http/errors';
import { registerResource } from '../../http/resource';
import { createThrottle, THROTTLES } from '../../http/throttle';
import { createLeadCommentService } from './comments';
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
        allowedHeaders: 'Content-Type',
        exposedHeaders: 'Retry-After',
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
      await throttle.hit(`leadform:ip:${request.ip}`, THROTTLES.leadFormPerAddress);
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
    retrieve: (_request, id) => leads.retrieve(id),
    update: (_request, id, body) => leads.update(id, body),
    destroy: (_request, id) => leads.destroy(id),
  });
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
  });
};
