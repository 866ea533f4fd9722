import type { FastifyRequest } from 'fastify';
import type { PageWindow } from './pagination';
import { scopeOf, type Scope } from './scope';

/**
 * The service of a resource that scopes its own SQL: every call takes the caller's `Scope`
 * first, so a record out of scope simply does not exist (projects, their notes and phases, and
 * every ordered child resource).
 */
export type ScopedService<Key, Row, ListQuery, CreateBody, UpdateBody> = {
  list: (
    scope: Scope,
    query: ListQuery,
    page: (total: number) => PageWindow,
  ) => Promise<{ count: number; window: PageWindow; rows: Row[] }>;
  retrieve: (scope: Scope, key: Key) => Promise<Row | null>;
  create: (scope: Scope, body: CreateBody) => Promise<Row>;
  update: (scope: Scope, key: Key, body: Partial<UpdateBody>) => Promise<Row | null>;
  destroy: (scope: Scope, key: Key) => Promise<boolean>;
};

/**
 * `registerResource`'s list, retrieve, create, update and destroy for a `ScopedService`: each
 * is the thin "scope of the caller → service call" of DESIGN §7. Spread it into the definition:
 * `registerResource(app, { name, item, …, permission, ...scopedHandlers(service) })`.
 */
export const scopedHandlers = <Key, Row, ListQuery, CreateBody, UpdateBody>(
  service: ScopedService<Key, Row, ListQuery, CreateBody, UpdateBody>,
) => ({
  list: (request: FastifyRequest, query: ListQuery, page: (total: number) => PageWindow) =>
    service.list(scopeOf(request), query, page),
  retrieve: (request: FastifyRequest, key: Key) => service.retrieve(scopeOf(request), key),
  create: (request: FastifyRequest, body: CreateBody) => service.create(scopeOf(request), body),
  update: (request: FastifyRequest, key: Key, body: Partial<UpdateBody>) =>
    service.update(scopeOf(request), key, body),
  destroy: (request: FastifyRequest, key: Key) => service.destroy(scopeOf(request), key),
});

/**
 * The service of a resource everyone who may call it sees alike (the studio's phases, clients
 * for staff): the permission hook decides who may call, and no call needs a scope.
 */
export type UnscopedService<Key, Row, CreateBody, UpdateBody> = {
  list: (
    page: (total: number) => PageWindow,
  ) => Promise<{ count: number; window: PageWindow; rows: Row[] }>;
  retrieve: (key: Key) => Promise<Row | null>;
  create: (body: CreateBody) => Promise<Row>;
  update: (key: Key, body: Partial<UpdateBody>) => Promise<Row | null>;
  destroy: (key: Key) => Promise<boolean>;
};

/** `registerResource`'s five handlers for an `UnscopedService`: the request only passes through. */
export const unscopedHandlers = <Key, Row, CreateBody, UpdateBody>(
  service: UnscopedService<Key, Row, CreateBody, UpdateBody>,
) => ({
  list: (_request: FastifyRequest, _query: unknown, page: (total: number) => PageWindow) =>
    service.list(page),
  retrieve: (_request: FastifyRequest, key: Key) => service.retrieve(key),
  create: (_request: FastifyRequest, body: CreateBody) => service.create(body),
  update: (_request: FastifyRequest, key: Key, body: Partial<UpdateBody>) =>
    service.update(key, body),
  destroy: (_request: FastifyRequest, key: Key) => service.destroy(key),
});
