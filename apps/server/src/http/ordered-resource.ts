import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { idSchema } from '@portal/contract/common';
import { registerResource, type ResourceAction } from './resource';
import { scopeOf, type Scope } from './scope';
import { scopedHandlers, type ScopedService } from './service-handlers';

/**
 * What the service of an ordered child resource offers (milestones in a project, sections and
 * items in an estimate, flows and steps in a test plan). Every call takes the caller's scope:
 * the service scopes through the parent, so a record out of scope simply does not exist.
 */
export type OrderedService<Row, ListQuery, CreateBody, UpdateBody, MoveBody, Moved> = ScopedService<
  number,
  Row,
  ListQuery,
  CreateBody,
  UpdateBody
> & {
  /** Answers the siblings in their new order (or the affected parents); null when not found. */
  move: (scope: Scope, id: number, body: MoveBody) => Promise<Moved | null>;
};

/**
 * An ordered child resource: `/api/{name}/` with list (filtered by parent), create (appended
 * last), retrieve, update, delete (closing the gap) and `move/`. The declaration names the
 * contract schemas, the permission hook and the service; every handler is the same thin
 * "scope of the caller → service call" of DESIGN §7.
 */
export const defineOrderedResource = <
  Item extends z.ZodType,
  Query extends z.ZodObject,
  Create extends z.ZodType,
  Update extends z.ZodObject,
  Move extends z.ZodType,
>(
  app: FastifyInstance,
  def: {
    name: string;
    schemas: {
      item: Item;
      query: Query;
      create: Create;
      update: Update;
      move: Move;
      /** What `move/` answers. */
      moved: z.ZodType;
      /** The OpenAPI summary of `move/`. */
      moveSummary: string;
    };
    permission: (request: FastifyRequest, action: ResourceAction) => void | Promise<void>;
    service: OrderedService<
      z.output<Item>,
      z.infer<Query>,
      z.infer<Create>,
      z.infer<Update>,
      z.infer<Move>,
      unknown
    >;
  },
) => {
  const { schemas, service } = def;
  registerResource<Item, Query, Create, Update, typeof idSchema, Move>(app, {
    name: def.name,
    item: schemas.item,
    query: schemas.query,
    createBody: schemas.create,
    updateBody: schemas.update,
    permission: def.permission,
    ...scopedHandlers(service),
    move: {
      summary: schemas.moveSummary,
      body: schemas.move,
      answer: schemas.moved,
      run: (request, id, body) => service.move(scopeOf(request), id, body),
    },
  });
};
