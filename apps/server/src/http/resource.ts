import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import { z } from 'zod';
import {
  cursorPaginated,
  cursorQuerySchema,
  DEFAULT_PAGE_SIZE,
  type CursorQuery,
  idSchema,
  pageQuerySchema,
  paginated,
} from '@portal/contract/common';
import {
  cursorResponse,
  decodeCursor,
  invalidCursor,
  type Cursor,
  type CursorRows,
} from './cursor';
import { notFound } from './errors';
import { pageResponse, pageWindow, type PageWindow } from './pagination';
import { isRawJsonList, rawPage, type RawJson, sendAnswer } from './raw-json';

/** What a route is about to do; permission hooks decide per action. */
export type ResourceAction = 'list' | 'retrieve' | 'create' | 'update' | 'destroy' | (string & {});

type Maybe<T> = T | null | undefined;

/**
 * The generic DRF-style resource: `/api/{name}/` and `/api/{name}/{key}/` with list, retrieve,
 * create, update (PATCH partial, PUT full) and destroy. Each handler stays thin: the permission
 * hook runs first, then the service call; a missing record is a 404 and the service owns SQL.
 */
export type ResourceDefinition<
  Item extends z.ZodType,
  Query extends z.ZodObject,
  Create extends z.ZodType,
  Update extends z.ZodObject,
  Key extends z.ZodType = typeof idSchema,
  Move extends z.ZodType = z.ZodType,
  ListItem extends z.ZodType = Item,
> = {
  name: string;
  tags?: string[];
  /** Path key schema: integer ids by default, slugs for clients and projects. */
  key?: Key;
  item: Item;
  /** What a list entry holds when it is less than the detail (a canvas without its diagram). */
  listItem?: ListItem;
  /** Bytes a create or update body may have, when the app-wide 1 MiB does not fit. */
  bodyLimit?: number;
  query?: Query;
  createBody?: Create;
  updateBody?: Update;
  /** Throws 401/403 when the caller may not perform `action`; runs before validation. */
  permission: (request: FastifyRequest, action: ResourceAction) => void | Promise<void>;
  list?: (
    request: FastifyRequest,
    query: z.infer<Query>,
    page: (count: number) => PageWindow,
  ) => Promise<{ count: number; window: PageWindow; rows: z.output<ListItem>[] | RawJson[] }>;
  /**
   * DRF's CursorPagination beside the page numbers (decision 0054): with `?cursor=` the list
   * answers `{next, previous, results}`, the page after (or before) the cursor's position, and
   * no count. Null when the position is not one this list wrote: 404 "Invalid cursor".
   */
  listByCursor?: (
    request: FastifyRequest,
    query: z.infer<Query>,
    cursor: Cursor,
    pageSize: number,
  ) => Promise<CursorRows<z.output<ListItem> | RawJson> | null>;
  /** The item, or its wire text when the query wrote it already (see `RawJson`). */
  retrieve?: (
    request: FastifyRequest,
    key: z.infer<Key>,
  ) => Promise<Maybe<z.output<Item> | RawJson>>;
  create?: (request: FastifyRequest, body: z.infer<Create>) => Promise<z.output<Item>>;
  update?: (
    request: FastifyRequest,
    key: z.infer<Key>,
    body: Partial<z.infer<Update>>,
  ) => Promise<Maybe<z.output<Item>>>;
  destroy?: (request: FastifyRequest, key: z.infer<Key>) => Promise<boolean>;
  /**
   * `POST /api/{name}/{key}/restore/`: brings back a soft-deleted record (Undo after a delete),
   * guarded by `permission(request, 'restore')`; a record that is not deleted is a 404.
   */
  restore?: (request: FastifyRequest, key: z.infer<Key>) => Promise<Maybe<z.output<Item>>>;
  /**
   * `POST /api/{name}/{key}/move/` for ordered children, guarded by `permission(request, 'move')`;
   * answers the reordered siblings (or the affected parents), a missing record is a 404.
   */
  move?: {
    body: Move;
    answer: z.ZodType;
    summary: string;
    run: (
      request: FastifyRequest,
      key: z.infer<Key>,
      body: z.infer<Move>,
    ) => Promise<Maybe<unknown>>;
  };
};

export const registerResource = <
  Item extends z.ZodType,
  Query extends z.ZodObject,
  Create extends z.ZodType,
  Update extends z.ZodObject,
  Key extends z.ZodType = typeof idSchema,
  Move extends z.ZodType = z.ZodType,
  ListItem extends z.ZodType = Item,
>(
  parent: FastifyInstance,
  def: ResourceDefinition<Item, Query, Create, Update, Key, Move, ListItem>,
) => {
  // Schemas still validate and serialize; handlers are typed through the definition instead.
  const app = parent;
  const base = `/api/${def.name}/`;
  const detail = `/api/${def.name}/:key/`;
  const params = z.object({ key: (def.key ?? idSchema) as Key });
  const tags = def.tags ?? [def.name];
  // Route schemas are widened so the generic item type does not have to match Fastify's inference.
  const s = (schema: FastifySchema): FastifySchema => schema;
  const bodyLimit = def.bodyLimit === undefined ? {} : { bodyLimit: def.bodyLimit };
  const found = <T>(value: Maybe<T>): T => {
    if (value === null || value === undefined) throw notFound();
    return value;
  };

  // Permission is checked before the path, query and body are validated, as DRF does: a caller
  // who may not act learns nothing from a validation error.
  // A permission that answers at once (staff only, signed in) takes no promise and no microtask
  // turn (decision 0032); a throw reaches Fastify's error handler as a rejection did.
  const guard = (action: ResourceAction) => ({
    preValidation: (
      request: FastifyRequest,
      _reply: FastifyReply,
      done: (error?: Error) => void,
    ) => {
      const pending = def.permission(request, action);
      if (pending) pending.then(() => done(), done);
      else done();
    },
  });

  if (def.list) {
    const list = def.list;
    const byCursor = def.listByCursor;
    const item = def.listItem ?? def.item;
    const query = (def.query ?? z.object({}))
      .extend(pageQuerySchema.shape)
      .extend(byCursor ? cursorQuerySchema.shape : {});
    app.get(
      base,
      {
        schema: s({
          tags,
          querystring: query,
          response: {
            200: byCursor ? z.union([paginated(item), cursorPaginated(item)]) : paginated(item),
          },
        }),
        ...guard('list'),
      },
      async (request, reply) => {
        const q = request.query as z.infer<Query> & z.infer<typeof pageQuerySchema> & CursorQuery;
        if (byCursor && q.cursor !== undefined) {
          const cursor = decodeCursor(q.cursor);
          const page = await byCursor(request, q, cursor, q.page_size ?? DEFAULT_PAGE_SIZE);
          if (!page) throw invalidCursor();
          const { results, ...links } = cursorResponse(request, cursor, page);
          return sendAnswer(
            reply,
            isRawJsonList(results) ? rawPage({ ...links, results }) : { ...links, results },
          );
        }
        const { count, window, rows } = await list(request, q, (total) => pageWindow(q, total));
        // Entries the query wrote as JSON already (see `RawJson`) are sent as they are.
        return sendAnswer(
          reply,
          isRawJsonList(rows)
            ? rawPage(pageResponse(request, window, count, rows))
            : pageResponse(request, window, count, rows),
        );
      },
    );
  }
  if (def.retrieve) {
    const retrieve = def.retrieve;
    app.get(
      detail,
      { schema: s({ tags, params, response: { 200: def.item } }), ...guard('retrieve') },
      async (request, reply) => {
        return sendAnswer(
          reply,
          found(await retrieve(request, (request.params as { key: z.infer<Key> }).key)),
        );
      },
    );
  }
  if (def.create && def.createBody) {
    const create = def.create;
    app.post(
      base,
      {
        schema: s({ tags, body: def.createBody, response: { 201: def.item } }),
        ...bodyLimit,
        ...guard('create'),
      },
      async (request, reply: FastifyReply) => {
        return reply.status(201).send(await create(request, request.body as z.infer<Create>));
      },
    );
  }
  if (def.update && def.updateBody) {
    const update = def.update;
    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      const key = (request.params as { key: z.infer<Key> }).key;
      return reply.send(
        found(await update(request, key, request.body as Partial<z.infer<Update>>)),
      );
    };
    // PATCH validates a partial body, PUT the whole one; both land in the same service call.
    app.patch(
      detail,
      {
        schema: s({ tags, params, body: def.updateBody.partial(), response: { 200: def.item } }),
        ...bodyLimit,
        ...guard('update'),
      },
      handler,
    );
    app.put(
      detail,
      {
        schema: s({ tags, params, body: def.updateBody, response: { 200: def.item } }),
        ...bodyLimit,
        ...guard('update'),
      },
      handler,
    );
  }
  if (def.destroy) {
    const destroy = def.destroy;
    app.delete(
      detail,
      { schema: s({ tags, params }), ...guard('destroy') },
      async (request, reply) => {
        if (!(await destroy(request, (request.params as { key: z.infer<Key> }).key)))
          throw notFound();
        return reply.status(204).send();
      },
    );
  }
  if (def.restore) {
    const restore = def.restore;
    app.post(
      `${detail}restore/`,
      {
        schema: s({
          tags,
          summary: 'Bring back a record deleted a moment ago (Undo)',
          params,
          response: { 200: def.item },
        }),
        ...guard('restore'),
      },
      async (request) =>
        found(await restore(request, (request.params as { key: z.infer<Key> }).key)),
    );
  }
  if (def.move) {
    const move = def.move;
    app.post(
      `${detail}move/`,
      {
        schema: s({
          tags,
          summary: move.summary,
          params,
          body: move.body,
          response: { 200: move.answer },
        }),
        ...guard('move'),
      },
      async (request) => {
        const key = (request.params as { key: z.infer<Key> }).key;
        return found(await move.run(request, key, request.body as z.infer<Move>));
      },
    );
  }
};

/**
 * A detail action `/api/{name}/{id}/{action}/` (e.g. `move`, `impersonate`). The handler gets
 * the parsed id; permission and scoping are its own business, through the same guards.
 */
export const detailActionPath = (name: string, action: string) => `/api/${name}/:id/${action}/`;
export const listActionPath = (name: string, action: string) => `/api/${name}/${action}/`;
