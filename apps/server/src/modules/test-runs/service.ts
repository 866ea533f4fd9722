import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  inArray,
  max,
  sql,
  type SQL,
} from 'drizzle-orm';
import { FIELD_MESSAGES } from '@portal/contract/fields';
import {
  TEST_RUN_MESSAGES as M,
  type TestRun,
  type TestRunAttachment,
  type MilestoneTestState,
  type TestRunCreateRequest,
  type TestRunFields,
  type TestRunListItem,
  type TestRunListQuery,
  type TestRunResultRow,
  type TestRunResultUpdateRequest,
  type TestRunSignOffRequest,
  type TestRunSummary,
} from '@portal/contract/test-runs';
import type { Database, Executor } from '../../db/client';
import {
  clients,
  milestones,
  projects,
  testFlows,
  testRunAttachments,
  testRunResults,
  testRuns,
  testSteps,
} from '../../db/schema/index';
import { ApiError, fieldError } from '../../http/errors';
import type { PageWindow } from '../../http/pagination';
import type { Scope } from '../../http/scope';
import { enqueueStaffEmail } from '../../mail/outbox';
import { notifyTestRunSignedOff } from '../notifications/notify';
import type { Storage } from '../../storage/storage';
import { randomKey, PRIVATE_FOLDER } from '../../storage/keys';
import { milestoneScope } from '../test-plans/scope';
import { projectScope } from '../projects/service';
import { signOffEmail } from './emails';
import type { SniffedFile } from './files';
import { record } from '../activity/record';
import { emailBrand } from '../../mail/format';
import type { StudioSource } from '../../studio/source';

type RunRow = typeof testRuns.$inferSelect;
type ResultRow = typeof testRunResults.$inferSelect;
type AttachmentRow = typeof testRunAttachments.$inferSelect;

const conflict = (detail: string) => new ApiError(409, { detail });
const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** The counts of a run's results, computed in the database (1,500 rows stay there). */
const summaryColumns = {
  total: count(),
  passed: count(sql`CASE WHEN ${testRunResults.result} = 'passed' THEN 1 END`),
  failed: count(sql`CASE WHEN ${testRunResults.result} = 'failed' THEN 1 END`),
  blocked: count(sql`CASE WHEN ${testRunResults.result} = 'blocked' THEN 1 END`),
  skipped: count(sql`CASE WHEN ${testRunResults.result} = 'skipped' THEN 1 END`),
  untested: count(sql`CASE WHEN ${testRunResults.result} = 'untested' THEN 1 END`),
};
const EMPTY_SUMMARY: TestRunSummary = {
  total: 0,
  passed: 0,
  failed: 0,
  blocked: 0,
  skipped: 0,
  untested: 0,
};

const toRunDto = (row: RunRow, summary: TestRunSummary): TestRunFields => ({
  id: row.id,
  milestone: row.milestoneId,
  name: row.name,
  status: row.status as TestRunFields['status'],
  started_by: row.startedById,
  started_at: row.startedAt.toISOString(),
  completed_at: iso(row.completedAt),
  signed_off_by: row.signedOffById,
  signed_off_at: iso(row.signedOffAt),
  signature_name: row.signatureName,
  sign_off_note: row.signOffNote,
  summary,
});

/**
 * Copies a milestone's plan as it is now into a run's results, in flow then step order, in one
 * statement however large. Answers how many steps were copied.
 */
export const copyPlan = async (tx: Executor, runId: number, milestoneId: number) => {
  const copied = await tx.execute(sql`
    INSERT INTO ${testRunResults} (run_id, "order", flow_name, step_description, step_type)
    SELECT ${runId},
           (row_number() OVER (ORDER BY ${testFlows.order}, ${testSteps.order}))::int - 1,
           ${testFlows.name}, ${testSteps.description}, ${testSteps.type}
    FROM ${testSteps}
    JOIN ${testFlows} ON ${testFlows.id} = ${testSteps.testFlowId}
    WHERE ${testFlows.milestoneId} = ${milestoneId}`);
  return copied.rowCount ?? 0;
};

export type AttachmentLinks = (attachmentId: number) => string;

/** What an answer shows of an attachment (the storage key and uploader stay on the server). */
type AttachmentFields = Pick<AttachmentRow, 'id' | 'name' | 'size' | 'contentType'>;

const toAttachmentDto = (row: AttachmentFields, link: AttachmentLinks): TestRunAttachment => ({
  id: row.id,
  url: link(row.id),
  name: row.name,
  size: row.size,
  content_type: row.contentType as TestRunAttachment['content_type'],
});

const toResultDto = (
  row: ResultRow,
  attachments: AttachmentFields[],
  link: AttachmentLinks,
): TestRunResultRow => ({
  id: row.id,
  run: row.runId,
  order: row.order,
  flow_name: row.flowName,
  step_description: row.stepDescription,
  step_type: row.stepType as TestRunResultRow['step_type'],
  result: row.result as TestRunResultRow['result'],
  note: row.note,
  attachments: attachments.map((a) => toAttachmentDto(a, link)),
  updated_by: row.updatedById,
  updated_at: iso(row.updatedAt),
});

/**
 * A result row with its attachments (oldest first) as JSON, read by the result's own statement
 * (a select, or an update's RETURNING) rather than by a second one. Written with an alias and
 * plain names: drizzle drops the table from a column inside a single-table RETURNING, and a bare
 * "id" in the subquery would be the attachment's.
 */
const resultWithAttachments = {
  ...getTableColumns(testRunResults),
  attachments: sql<AttachmentFields[]>`(
    SELECT coalesce(json_agg(json_build_object(
             'id', a.id, 'name', a.name, 'size', a.size, 'contentType', a.content_type
           ) ORDER BY a.id), '[]')
    FROM ${testRunAttachments} a
    WHERE a.result_id = ${testRunResults}.id)`,
};

/** Who signed, as the studio needs it to answer "who accepted this, and from where". */
export type SignatureEvidence = { userId: number; ip: string; userAgent: string };

/**
 * Test runs of milestones (issue 16). Visibility follows the milestone (staff all, members their
 * clients'); anyone who sees a run may record results and complete it; only a user of the
 * client signs off (the route refuses staff and impersonation).
 */
/** A run's entries belong to its milestone's project, read inside the insert. */
const runContext = (run: { id: number; name: string; milestoneId: number }) => ({
  target: { type: 'test_run', id: run.id, label: run.name } as const,
  project: sql<number>`(SELECT ${milestones.projectId} FROM ${milestones} WHERE ${milestones.id} = ${run.milestoneId})`,
});

export const createTestRunService = (
  db: Database,
  options: {
    storage: Storage;
    link: AttachmentLinks;
    reportUrl: (runId: number) => string;
    studio: Pick<StudioSource, 'current'>;
  },
) => {
  const { storage, link } = options;
  const runVisible = (scope: Scope, id: number): SQL | undefined =>
    and(eq(testRuns.id, id), milestoneScope(db, scope, testRuns.milestoneId));

  const summaries = async (db: Executor, runIds: number[]) => {
    const map = new Map<number, TestRunSummary>();
    if (runIds.length === 0) return map;
    const rows = await db
      .select({ runId: testRunResults.runId, ...summaryColumns })
      .from(testRunResults)
      .where(inArray(testRunResults.runId, runIds))
      .groupBy(testRunResults.runId);
    for (const { runId, ...summary } of rows) map.set(runId, summary);
    return map;
  };

  const attachmentsOf = async (db: Executor, resultIds: SQL) => {
    const rows = await db
      .select()
      .from(testRunAttachments)
      .where(resultIds)
      .orderBy(asc(testRunAttachments.id));
    const byResult = new Map<number, AttachmentRow[]>();
    for (const row of rows) {
      const list = byResult.get(row.resultId) ?? [];
      list.push(row);
      byResult.set(row.resultId, list);
    }
    return byResult;
  };

  const loadRun = async (db: Executor, scope: Scope, id: number): Promise<TestRun | null> => {
    const [run] = await db.select().from(testRuns).where(runVisible(scope, id)).limit(1);
    if (!run) return null;
    const results = await db
      .select()
      .from(testRunResults)
      .where(eq(testRunResults.runId, id))
      .orderBy(asc(testRunResults.order));
    const attachments = await attachmentsOf(
      db,
      inArray(
        testRunAttachments.resultId,
        db
          .select({ id: testRunResults.id })
          .from(testRunResults)
          .where(eq(testRunResults.runId, id)),
      ),
    );
    const dtos = results.map((r) => toResultDto(r, attachments.get(r.id) ?? [], link));
    const summary = (await summaries(db, [id])).get(id) ?? EMPTY_SUMMARY;
    return { ...toRunDto(run, summary), results: dtos };
  };

  const loadResult = async (db: Executor, id: number): Promise<TestRunResultRow | null> => {
    const [row] = await db
      .select(resultWithAttachments)
      .from(testRunResults)
      .where(eq(testRunResults.id, id));
    return row ? toResultDto(row, row.attachments, link) : null;
  };

  /**
   * The status of the run of the result being written, when the scope sees it, locked FOR SHARE
   * inside the write's own statement (a correlated subquery on the row's `run_id`): a concurrent
   * complete (FOR UPDATE) waits for the write, or the write waits for it and reads the new
   * status, as `lockResultRun` does for a transaction.
   */
  const runStatusLocked = (scope: Scope) =>
    db
      .select({ status: testRuns.status })
      .from(testRuns)
      .where(
        and(eq(testRuns.id, testRunResults.runId), milestoneScope(db, scope, testRuns.milestoneId)),
      )
      .for('share');

  /**
   * A result the scope may see, with its run's status, the run row locked FOR SHARE so that a
   * concurrent complete (FOR UPDATE) waits for the write or the write sees the new status.
   */
  const lockResultRun = async (tx: Executor, scope: Scope, resultId: number) => {
    const [row] = await tx
      .select({ runId: testRuns.id, status: testRuns.status })
      .from(testRunResults)
      .innerJoin(testRuns, eq(testRuns.id, testRunResults.runId))
      .where(and(eq(testRunResults.id, resultId), milestoneScope(tx, scope, testRuns.milestoneId)))
      .limit(1)
      .for('share', { of: testRuns });
    return row ?? null;
  };

  /** The run FOR UPDATE when the scope sees it; status changes go through here. */
  const lockRun = async (tx: Executor, scope: Scope, id: number) => {
    const [row] = await tx
      .select()
      .from(testRuns)
      .where(runVisible(scope, id))
      .limit(1)
      .for('update');
    return row ?? null;
  };

  return {
    list: async (scope: Scope, filters: TestRunListQuery, page: (total: number) => PageWindow) => {
      const where = and(
        milestoneScope(db, scope, testRuns.milestoneId),
        filters.milestone === undefined ? undefined : eq(testRuns.milestoneId, filters.milestone),
        filters.status === undefined ? undefined : eq(testRuns.status, filters.status),
      );
      const [totals] = await db.select({ total: count() }).from(testRuns).where(where);
      const total = totals?.total ?? 0;
      const window = page(total);
      const rows = await db
        .select({
          run: testRuns,
          client: clients.name,
          projectSlug: projects.slug,
          projectName: projects.name,
          milestone: milestones.name,
        })
        .from(testRuns)
        .innerJoin(milestones, eq(milestones.id, testRuns.milestoneId))
        .innerJoin(projects, eq(projects.id, milestones.projectId))
        .innerJoin(clients, eq(clients.id, projects.clientId))
        .where(where)
        .orderBy(desc(testRuns.startedAt), desc(testRuns.id))
        .limit(window.limit)
        .offset(window.offset);
      const counts = await summaries(
        db,
        rows.map((r) => r.run.id),
      );
      return {
        count: total,
        window,
        rows: rows.map((r): TestRunListItem => ({
          ...toRunDto(r.run, counts.get(r.run.id) ?? EMPTY_SUMMARY),
          where: {
            client: r.client,
            project: { slug: r.projectSlug, name: r.projectName },
            milestone: r.milestone,
          },
        })),
      };
    },

    retrieve: (scope: Scope, id: number) => loadRun(db, scope, id),

    /**
     * Where each milestone of a project stands (issue 25), in the project's order, from its
     * latest run; null when the project is not the caller's (the route answers 404).
     */
    milestoneStates: async (
      scope: Scope,
      projectId: number,
    ): Promise<MilestoneTestState[] | null> => {
      const [project] = await db
        .select({ id: projects.id })
        .from(projects)
        .where(and(eq(projects.id, projectId), projectScope(db, scope, projects.id)))
        .limit(1);
      if (!project) return null;
      const steps = db
        .select({ n: count() })
        .from(testSteps)
        .innerJoin(testFlows, eq(testFlows.id, testSteps.testFlowId))
        .where(eq(testFlows.milestoneId, milestones.id));
      const latest = db
        .select()
        .from(testRuns)
        .where(eq(testRuns.milestoneId, milestones.id))
        .orderBy(desc(testRuns.startedAt), desc(testRuns.id))
        .limit(1)
        .as('latest');
      const rows = await db
        .select({
          milestone: milestones.id,
          steps: sql<number>`(${steps})`.mapWith(Number),
          run: {
            id: latest.id,
            name: latest.name,
            status: latest.status,
            signatureName: latest.signatureName,
            signedOffAt: latest.signedOffAt,
          },
        })
        .from(milestones)
        .leftJoinLateral(latest, sql`true`)
        .where(eq(milestones.projectId, projectId))
        .orderBy(asc(milestones.order));
      return rows.map(({ milestone, steps: stepCount, run }) => {
        const status = run?.status as TestRunFields['status'] | undefined;
        return {
          milestone,
          state: !run
            ? stepCount > 0
              ? 'not_started'
              : 'no_plan'
            : status === 'in_progress'
              ? 'in_progress'
              : status === 'completed'
                ? 'waiting_sign_off'
                : 'signed_off',
          run:
            run && status
              ? {
                  id: run.id,
                  name: run.name,
                  status,
                  signature_name: run.signatureName,
                  signed_off_at: iso(run.signedOffAt),
                }
              : null,
        };
      });
    },

    /** Copies the milestone's plan as it is now into a new run, in one transaction. */
    create: (scope: Scope, userId: number, body: TestRunCreateRequest) =>
      db.transaction(async (tx) => {
        // NO KEY UPDATE conflicts with itself: two runs started at once number one after the
        // other, and the milestone cannot be deleted under the copy.
        const [milestone] = await tx
          .select({ id: milestones.id })
          .from(milestones)
          .where(and(eq(milestones.id, body.milestone), milestoneScope(tx, scope, milestones.id)))
          .limit(1)
          .for('no key update');
        if (!milestone) throw fieldError('milestone', FIELD_MESSAGES.pkMissing(body.milestone));
        const [last] = await tx
          .select({ number: max(testRuns.number) })
          .from(testRuns)
          .where(eq(testRuns.milestoneId, milestone.id));
        const number = (last?.number ?? 0) + 1;
        const [run] = await tx
          .insert(testRuns)
          .values({
            milestoneId: milestone.id,
            number,
            name: body.name ?? `Run ${number}`,
            startedById: userId,
          })
          .returning({ id: testRuns.id, name: testRuns.name, milestoneId: testRuns.milestoneId });
        if (!run) throw new Error('test run not created');
        const copied = await copyPlan(tx, run.id, milestone.id);
        // Thrown inside the transaction: the empty run goes away with it.
        if (copied === 0) throw fieldError('milestone', M.noSteps);
        await record(tx, { verb: 'created', ...runContext(run) });
        const created = await loadRun(tx, { kind: 'staff', userId }, run.id);
        if (!created) throw new Error('test run not readable');
        return created;
      }),

    /**
     * Records a result or a note in one statement, one round trip: the run's status is checked
     * and locked, the row written and answered with its attachments by the UPDATE itself (a
     * click in the runner waits for this; issue 30). Only a refused write reads again, to say
     * whether the result is not there (404) or its run no longer in progress (409).
     */
    updateResult: async (
      scope: Scope,
      userId: number,
      id: number,
      body: Partial<TestRunResultUpdateRequest>,
    ) => {
      const columns: Partial<typeof testRunResults.$inferInsert> = {};
      if (body.result !== undefined) columns.result = body.result;
      if (body.note !== undefined) columns.note = body.note;
      if (Object.keys(columns).length === 0)
        return db.transaction(async (tx) => {
          const run = await lockResultRun(tx, scope, id);
          if (!run) return null;
          if (run.status !== 'in_progress') throw conflict(M.notInProgress);
          return loadResult(tx, id);
        });
      const [row] = await db
        .update(testRunResults)
        .set({ ...columns, updatedById: userId, updatedAt: sql`now()` })
        .where(
          and(
            eq(testRunResults.id, id),
            sql`(${runStatusLocked(scope)}) = ${'in_progress' satisfies TestRunFields['status']}`,
          ),
        )
        .returning(resultWithAttachments);
      if (row) return toResultDto(row, row.attachments, link);
      const run = await lockResultRun(db, scope, id);
      if (!run) return null;
      throw conflict(M.notInProgress);
    },

    /**
     * Stores a screenshot for a result of a run in progress. The bytes go to storage first; a
     * refused or failed insert removes them again, so no file is left without its row.
     */
    addAttachment: async (
      scope: Scope,
      userId: number,
      id: number,
      file: SniffedFile & { name: string },
    ) => {
      const [visible] = await db
        .select({ status: testRuns.status })
        .from(testRunResults)
        .innerJoin(testRuns, eq(testRuns.id, testRunResults.runId))
        .where(and(eq(testRunResults.id, id), milestoneScope(db, scope, testRuns.milestoneId)))
        .limit(1);
      if (!visible) return null;
      if (visible.status !== 'in_progress') throw conflict(M.notInProgress);
      const key = randomKey(`${PRIVATE_FOLDER}/test-runs`, file.extension);
      await storage.put(key, file.body, file.contentType);
      let kept = false;
      try {
        const answer = await db.transaction(async (tx) => {
          const run = await lockResultRun(tx, scope, id);
          if (!run) return null;
          if (run.status !== 'in_progress') throw conflict(M.notInProgress);
          const [row] = await tx
            .insert(testRunAttachments)
            .values({
              resultId: id,
              storageKey: key,
              name: file.name,
              contentType: file.contentType,
              size: file.body.length,
              uploadedById: userId,
            })
            .returning();
          if (!row) throw new Error('attachment not stored');
          return toAttachmentDto(row, link);
        });
        kept = answer !== null;
        return answer;
      } finally {
        // A refused upload (409, the result gone meanwhile, an error) leaves no file behind.
        if (!kept) await storage.remove(key).catch(() => {});
      }
    },

    /** An attachment's bytes when the scope sees its run (or when the link was signed). */
    attachment: async (scope: Scope | null, id: number) => {
      const [row] = await db
        .select({ attachment: testRunAttachments })
        .from(testRunAttachments)
        .innerJoin(testRunResults, eq(testRunResults.id, testRunAttachments.resultId))
        .innerJoin(testRuns, eq(testRuns.id, testRunResults.runId))
        .where(
          and(
            eq(testRunAttachments.id, id),
            scope ? milestoneScope(db, scope, testRuns.milestoneId) : undefined,
          ),
        )
        .limit(1);
      if (!row) return null;
      const stored = await storage.get(row.attachment.storageKey);
      return stored && { ...row.attachment, body: stored.body };
    },

    complete: (scope: Scope, id: number) =>
      db.transaction(async (tx) => {
        const run = await lockRun(tx, scope, id);
        if (!run) return null;
        if (run.status !== 'in_progress') throw conflict(M.notInProgress);
        await tx
          .update(testRuns)
          .set({ status: 'completed', completedAt: sql`now()` })
          .where(eq(testRuns.id, id));
        await record(tx, { verb: 'completed', ...runContext(run) });
        return loadRun(tx, scope, id);
      }),

    /**
     * The client's acceptance. Staff are told by email, in the same transaction as the
     * signature (the outbox delivers after the commit).
     */
    signOff: (scope: Scope, id: number, body: TestRunSignOffRequest, who: SignatureEvidence) =>
      db.transaction(async (tx) => {
        const run = await lockRun(tx, scope, id);
        if (!run) return null;
        if (run.status !== 'completed') throw conflict(M.notCompleted);
        const summary = (await summaries(tx, [id])).get(id) ?? EMPTY_SUMMARY;
        const note = body.note ?? '';
        if (summary.failed + summary.blocked > 0 && note === '')
          throw fieldError('note', M.noteRequired);
        const [signed] = await tx
          .update(testRuns)
          .set({
            status: 'signed_off',
            signedOffById: who.userId,
            signedOffAt: sql`now()`,
            signatureName: body.signature_name,
            signOffNote: note,
            signatureIp: who.ip.slice(0, 64),
            signatureUserAgent: who.userAgent.slice(0, 1000),
          })
          .where(eq(testRuns.id, id))
          .returning();
        if (!signed) throw new Error('test run not signed off');
        await record(tx, {
          verb: 'signed_off',
          ...runContext(signed),
          data: { signature: body.signature_name },
        });
        const [where] = await tx
          .select({ milestone: milestones.name, project: projects.name, client: clients.name })
          .from(milestones)
          .innerJoin(projects, eq(projects.id, milestones.projectId))
          .innerJoin(clients, eq(clients.id, projects.clientId))
          .where(eq(milestones.id, signed.milestoneId));
        await notifyTestRunSignedOff(tx, { actorId: who.userId, runId: id, runName: signed.name });
        const brand = emailBrand(await options.studio.current(tx));
        await enqueueStaffEmail(tx, (to) =>
          signOffEmail({
            to: to.email,
            zone: to.timeZone,
            brand,
            link: options.reportUrl(id),
            client: where?.client ?? '',
            project: where?.project ?? '',
            milestone: where?.milestone ?? '',
            run: signed.name,
            signatureName: signed.signatureName,
            signedOffAt: signed.signedOffAt ?? new Date(),
            note,
            summary,
          }),
        );
        return loadRun(tx, scope, id);
      }),
  };
};
export type TestRunService = ReturnType<typeof createTestRunService>;
