import { and, asc, eq, inArray } from 'drizzle-orm';
import type { ActivityTargetType, ActivityVerb } from '@portal/contract/activity';
import type { TransactionalExecutor } from '../../db/client';
import {
  activity,
  clients,
  estimateItemComments,
  estimateItems,
  estimates,
  estimateSections,
  estimateVersions,
  leads,
  milestones,
  projectNotes,
  projects,
  testRuns,
  users,
} from '../../db/schema/index';
import { commentWords } from './record';

const HOUR_MS = 3_600_000;

type Step = {
  hoursAgo: number;
  verb: ActivityVerb;
  actor: number | undefined;
  impersonator?: number | undefined;
  target: { type: ActivityTargetType; id: number; label: string } | undefined;
  project?: number | undefined;
  client?: number | undefined;
  data?: Record<string, unknown>;
};

/**
 * A believable fortnight of history over the demo records (decision 0022): Lee sets projects up,
 * writes estimates and moves leads along; Dana comments and decides — once with Lee acting as
 * her — so the Activity sections and the studio-wide page have something to show at first start.
 */
export const seedDemoActivity = async (db: TransactionalExecutor) => {
  const people = await db.select({ id: users.id, email: users.email }).from(users);
  const person = (email: string) => people.find((p) => p.email === email)?.id;
  const lee = person('lee@studio.example');
  const dana = person('dana@acme.example');

  const [acme] = await db.select().from(clients).where(eq(clients.slug, 'acme'));
  const acmeProjects = await db
    .select()
    .from(projects)
    .where(inArray(projects.slug, ['acme-website-redesign', 'acme-mobile-app']))
    .orderBy(asc(projects.slug));
  const mobile = acmeProjects[0];
  const site = acmeProjects[1];
  if (!acme || !site || !mobile || lee === undefined || dana === undefined) return;
  const [milestone] = await db
    .select()
    .from(milestones)
    .where(eq(milestones.projectId, site.id))
    .orderBy(asc(milestones.order))
    .limit(1);
  const [note] = await db
    .select()
    .from(projectNotes)
    .where(eq(projectNotes.projectId, site.id))
    .orderBy(asc(projectNotes.id))
    .limit(1);
  const [estimate] = await db
    .select()
    .from(estimates)
    .where(eq(estimates.projectId, site.id))
    .orderBy(asc(estimates.id))
    .limit(1);
  const [version] = estimate
    ? await db
        .select()
        .from(estimateVersions)
        .where(eq(estimateVersions.estimateId, estimate.id))
        .orderBy(asc(estimateVersions.number))
        .limit(1)
    : [];
  // Entries quoting comments quote real ones, so deleting one takes its words away here too.
  const danasComments = estimate
    ? await db
        .select({
          id: estimateItemComments.id,
          content: estimateItemComments.content,
          item: estimateItems.description,
        })
        .from(estimateItemComments)
        .innerJoin(estimateItems, eq(estimateItems.id, estimateItemComments.itemId))
        .innerJoin(estimateSections, eq(estimateSections.id, estimateItems.sectionId))
        .where(
          and(eq(estimateSections.estimateId, estimate.id), eq(estimateItemComments.userId, dana)),
        )
        .orderBy(asc(estimateItemComments.id))
        .limit(2)
    : [];
  const commentedOn = (c: { id: number; content: string; item: string }) => ({
    part: 'item',
    name: c.item,
    ...commentWords(c.id, c.content),
  });
  const [run] = await db.select().from(testRuns).orderBy(asc(testRuns.id)).limit(1);
  const someLeads = await db.select().from(leads).orderBy(asc(leads.id)).limit(2);
  const leadTarget = (lead: (typeof someLeads)[number] | undefined) =>
    lead && {
      type: 'lead' as const,
      id: lead.id,
      label: `${lead.firstName} ${lead.lastName}`.trim() || lead.email,
    };
  const onSite = { project: site.id, client: acme.id };
  const estimateTarget = estimate && {
    type: 'estimate' as const,
    id: estimate.id,
    label: estimate.name,
  };

  const candidates: (Step | undefined)[] = [
    {
      hoursAgo: 330,
      verb: 'signed_in',
      actor: lee,
      target: { type: 'user', id: lee, label: 'Lee Park' },
      data: { method: 'password' },
    },
    {
      hoursAgo: 329,
      verb: 'created',
      actor: lee,
      target: { type: 'client', id: acme.id, label: acme.name },
      client: acme.id,
    },
    {
      hoursAgo: 328,
      verb: 'created',
      actor: lee,
      target: { type: 'project', id: site.id, label: site.name },
      ...onSite,
    },
    {
      hoursAgo: 327,
      verb: 'created',
      actor: lee,
      target: { type: 'project', id: mobile.id, label: mobile.name },
      project: mobile.id,
      client: acme.id,
    },
    milestone && {
      hoursAgo: 300,
      verb: 'created',
      actor: lee,
      target: { type: 'milestone', id: milestone.id, label: milestone.name },
      ...onSite,
    },
    note && {
      hoursAgo: 260,
      verb: 'created',
      actor: lee,
      target: { type: 'note', id: note.id, label: note.content.slice(0, 80) },
      ...onSite,
    },
    {
      hoursAgo: 240,
      verb: 'status_changed',
      actor: lee,
      target: leadTarget(someLeads[0]),
      data: { from: 'new', to: 'contacted', fields: ['status'] },
    },
    { hoursAgo: 200, verb: 'created', actor: lee, target: estimateTarget, ...onSite },
    {
      hoursAgo: 199,
      verb: 'created',
      actor: lee,
      target: estimateTarget,
      ...onSite,
      data: { part: 'section', name: 'Discovery' },
    },
    {
      hoursAgo: 150,
      verb: 'updated',
      actor: lee,
      target: { type: 'project', id: site.id, label: site.name },
      ...onSite,
      data: { fields: ['phase', 'status'] },
    },
    version && {
      hoursAgo: 120,
      verb: 'sent',
      actor: lee,
      target: estimateTarget,
      ...onSite,
      data: { number: version.number },
    },
    danasComments[0] && {
      hoursAgo: 96,
      verb: 'commented',
      actor: dana,
      target: estimateTarget,
      ...onSite,
      data: commentedOn(danasComments[0]),
    },
    {
      hoursAgo: 72,
      verb: 'impersonated',
      actor: lee,
      target: { type: 'user', id: dana, label: 'Dana Reyes' },
    },
    danasComments[1] && {
      hoursAgo: 71,
      verb: 'commented',
      actor: dana,
      impersonator: lee,
      target: estimateTarget,
      ...onSite,
      data: commentedOn(danasComments[1]),
    },
    {
      hoursAgo: 30,
      verb: 'status_changed',
      actor: lee,
      target: leadTarget(someLeads[1]),
      data: { from: 'contacted', to: 'negotiation', fields: ['status'] },
    },
    run && {
      hoursAgo: 20,
      verb: 'completed',
      actor: lee,
      target: { type: 'test_run', id: run.id, label: run.name },
      ...onSite,
    },
    {
      hoursAgo: 2,
      verb: 'updated',
      actor: lee,
      target: { type: 'note', id: note?.id ?? 0, label: note?.content.slice(0, 80) ?? '' },
      ...onSite,
      data: { fields: ['status'] },
    },
  ];
  const steps = candidates.filter(
    (step): step is Step => step !== undefined && step.target !== undefined && step.target.id !== 0,
  );

  const now = Date.now();
  await db.insert(activity).values(
    steps.map((step) => ({
      verb: step.verb,
      actorId: step.actor ?? null,
      impersonatorId: step.impersonator ?? null,
      targetType: step.target?.type ?? 'user',
      targetId: step.target?.id ?? 0,
      targetLabel: step.target?.label ?? '',
      projectId: step.project ?? null,
      clientId: step.client ?? null,
      data: step.data ?? {},
      createdAt: new Date(now - step.hoursAgo * HOUR_MS),
    })),
  );
};
