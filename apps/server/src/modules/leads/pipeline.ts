import { asc, eq, inArray } from 'drizzle-orm';
import { FIELD_MESSAGES } from '@portal/contract/fields';
import {
  LEAD_LIMITS,
  LEAD_PIPELINE_MESSAGES,
  type Lead,
  type LeadConvertRequest,
  type LeadConvertResult,
  type LeadDuplicate,
} from '@portal/contract/leads';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { clients, leadComments, leads, projects } from '../../db/schema/index';
import { insertWithUniqueSlug } from '../../db/unique-slug';
import type { UserRow } from '../../http/auth';
import { ApiError, fieldError } from '../../http/errors';
import { linkClientUser } from '../clients/client-users';
import { slugSource } from '../clients/service';
import { findDuplicatesOf, mergeMetadata } from './duplicates';
import { leadTarget, readLead, type LeadRow } from './service';
import { record } from '../activity/record';

const lockLeads = (tx: Executor, ids: number[]) =>
  tx
    .select()
    .from(leads)
    .where(inArray(leads.id, ids))
    // One order for every caller, so two merges of the same pair cannot deadlock.
    .orderBy(asc(leads.id))
    .for('update');

const mustRead = async (tx: Executor, id: number): Promise<Lead> => {
  const lead = await readLead(tx, id);
  if (!lead) throw new Error(`lead ${id} vanished`);
  return lead;
};

/** "Ada Lovelace <ada@example.test>": how a merge comment names the lead that went. */
const describe = (row: LeadRow) => `${row.firstName} ${row.lastName} <${row.email}>`;

/** The text fields a merge fills on the kept lead when it has none of its own. */
const FILLABLE = ['phone', 'company', 'title', 'message', 'notes'] as const;

/** Duplicates, merge and convert: the pipeline actions on one lead (staff only). */
export const createLeadPipelineService = (ctx: AppContext) => {
  const { db, mail } = ctx;

  return {
    /** Other leads with the same email or phone; null when the lead itself does not exist. */
    duplicates: async (id: number): Promise<LeadDuplicate[] | null> => {
      const [lead] = await db
        .select({ id: leads.id, email: leads.email, phone: leads.phone })
        .from(leads)
        .where(eq(leads.id, id))
        .limit(1);
      return lead ? findDuplicatesOf(db, lead) : null;
    },

    /**
     * Moves lead `id` into lead `into` in one transaction: its comments, its metadata (the kept
     * lead's keys win), any text field the kept lead lacks, its conversion when the kept lead has
     * none; a comment records the merge; then `id` is deleted. Null when `id` does not exist.
     */
    merge: async (id: number, into: number, actor: UserRow): Promise<Lead | null> => {
      if (id === into) throw fieldError('into', LEAD_PIPELINE_MESSAGES.mergeIntoItself);
      return db.transaction(async (tx) => {
        const rows = await lockLeads(tx, [id, into]);
        const gone = rows.find((r) => r.id === id);
        const kept = rows.find((r) => r.id === into);
        if (!gone) return null;
        if (!kept) throw fieldError('into', FIELD_MESSAGES.pkMissing(into));

        const changes: Partial<typeof leads.$inferInsert> = {
          metadata: mergeMetadata(kept.metadata, gone.metadata),
        };
        for (const field of FILLABLE)
          if (kept[field].trim() === '' && gone[field].trim() !== '') changes[field] = gone[field];
        if (kept.convertedClientId === null && gone.convertedClientId !== null) {
          changes.convertedClientId = gone.convertedClientId;
          changes.convertedProjectId = gone.convertedProjectId;
        }
        await tx.update(leads).set(changes).where(eq(leads.id, into));
        await tx.update(leadComments).set({ leadId: into }).where(eq(leadComments.leadId, id));
        // The history says where the comments came from; a message the kept lead did not take
        // stays readable there too.
        const lostMessage = gone.message.trim() !== '' && changes.message === undefined;
        const note = [
          `Merged lead ${describe(gone)} into this one.`,
          ...(lostMessage ? ['', 'Their message:', gone.message] : []),
        ]
          .join('\n')
          .slice(0, LEAD_LIMITS.comment);
        await tx
          .insert(leadComments)
          .values({ leadId: into, message: note, createdById: actor.id });
        await tx.delete(leads).where(eq(leads.id, id));
        await record(tx, {
          verb: 'merged',
          target: leadTarget(kept),
          data: { merged: leadTarget(gone).label },
        });
        return mustRead(tx, into);
      });
    },

    /**
     * A won lead becomes a client (named after the company, or the person), the lead's email a
     * client user of it (invited by email when they have no account yet), and a first project;
     * the lead is marked `won` and linked to both. All in one transaction; a second conversion
     * is a 409. Null when the lead does not exist.
     */
    convert: async (
      id: number,
      body: LeadConvertRequest,
      actor: UserRow,
    ): Promise<LeadConvertResult | null> => {
      const result = await db.transaction(async (tx) => {
        const [lead] = await lockLeads(tx, [id]);
        if (!lead) return null;
        if (lead.convertedClientId !== null)
          throw new ApiError(409, { detail: LEAD_PIPELINE_MESSAGES.alreadyConverted });

        const person = `${lead.firstName} ${lead.lastName}`.trim();
        const clientName = body.client_name || lead.company.trim() || person;
        const projectName = body.project_name || clientName;
        const client = await insertWithUniqueSlug(tx, {
          table: clients,
          slug: clients.slug,
          constraint: 'clients_slug_key',
          base: slugSource({ name: clientName }, 'client_name'),
          insert: async (sub, slug) => {
            const [row] = await sub
              .insert(clients)
              .values({ name: clientName, slug })
              .returning({ id: clients.id, name: clients.name, slug: clients.slug });
            if (!row) throw new Error('client not created');
            return row;
          },
        });
        const project = await insertWithUniqueSlug(tx, {
          table: projects,
          slug: projects.slug,
          constraint: 'projects_slug_key',
          base: slugSource({ name: projectName }, 'project_name'),
          insert: async (sub, slug) => {
            const [row] = await sub
              .insert(projects)
              .values({ name: projectName, slug, clientId: client.id })
              .returning({ id: projects.id, name: projects.name, slug: projects.slug });
            if (!row) throw new Error('project not created');
            return row;
          },
        });
        const link = await linkClientUser(tx, ctx, { client: client.id, email: lead.email }, actor);
        await tx
          .update(leads)
          .set({ status: 'won', convertedClientId: client.id, convertedProjectId: project.id })
          .where(eq(leads.id, id));
        await record(tx, {
          verb: 'converted',
          target: leadTarget(lead),
          client: client.id,
          data: { client: client.name, project: project.name, from: lead.status },
        });
        return {
          lead: await mustRead(tx, id),
          client,
          project,
          client_user: link,
        };
      });
      if (result?.client_user.invited) mail.poke();
      return result;
    },
  };
};
