import { check, index, integer, jsonb, pgTable, varchar } from 'drizzle-orm/pg-core';
import { ACTIVITY_TARGET_TYPES, ACTIVITY_VERBS } from '@portal/contract/activity';
import { userRef, users } from './users';
import { createdAt, isOneOf, serialId } from './columns';

/**
 * Who did what (decision 0022). History outlives what it talks about: the target, project and
 * client are plain ids with the target's label copied in, never foreign keys that would cascade
 * away the record of a deletion. People are foreign keys set to null, as accounts are rarely
 * deleted and their names should follow a rename.
 */
export const activity = pgTable(
  'activity',
  {
    id: serialId(),
    verb: varchar('verb', { length: 40 }).notNull(),
    actorId: userRef('actor_id'),
    impersonatorId: integer('impersonator_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    targetType: varchar('target_type', { length: 40 }).notNull(),
    targetId: integer('target_id').notNull(),
    targetLabel: varchar('target_label', { length: 255 }).notNull(),
    projectId: integer('project_id'),
    clientId: integer('client_id'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    // Each list is one of these filters, newest first; the id breaks ties within a transaction.
    index('activity_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('activity_project_idx').on(t.projectId, t.createdAt.desc(), t.id.desc()),
    index('activity_client_idx').on(t.clientId, t.createdAt.desc(), t.id.desc()),
    index('activity_target_idx').on(t.targetType, t.targetId, t.createdAt.desc(), t.id.desc()),
    index('activity_actor_idx').on(t.actorId, t.createdAt.desc(), t.id.desc()),
    check('activity_verb_known', isOneOf(t.verb, ACTIVITY_VERBS)),
    check('activity_target_type_known', isOneOf(t.targetType, ACTIVITY_TARGET_TYPES)),
  ],
);
