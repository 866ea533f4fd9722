import { and, count, desc, eq, gt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  ESTIMATE_VERSION_MESSAGES,
  versionAmount,
  type EstimateLatestVersion,
  type EstimateVersion,
  type EstimateVersionListQuery,
  type EstimateVersionStatus,
  type EstimateVersionUser,
} from '@portal/contract/estimate-versions';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import {
  clients,
  clientUsers,
  estimates,
  estimateVersions,
  projects,
  users,
} from '../../db/schema/index';
import { ApiError, notFound } from '../../http/errors';
import type { PageWindow } from '../../http/pagination';
import type { Scope } from '../../http/scope';
import { enqueueEmail, enqueueStaffEmail, recipientZone } from '../../mail/outbox';
import { formatMomentWithZone } from '@portal/contract/time';
import { notifyEstimateDecided, notifyEstimateSent } from '../notifications/notify';
import { personName } from '../../db/people';
import { readEstimateDetail } from '../estimates/service';
import { estimateScope } from '../estimates/scope';
import { versionDecidedEmail, versionSentEmail } from './emails';
import { record } from '../activity/record';
import { onEstimate } from '../estimates/activity';
import { emailBrand } from '../../mail/format';

const sentBy = alias(users, 'sent_by');
const decidedBy = alias(users, 'decided_by');
/** A user's columns as `sent_by`/`decided_by` show them, for `users` or one of its aliases. */
const person = <T extends typeof users | typeof sentBy | typeof decidedBy>(u: T) => ({
  id: u.id,
  firstName: u.firstName,
  lastName: u.lastName,
  email: u.email,
});

type Person = {
  id: number | null;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
} | null;
/** A left-joined user: all columns null once the account is gone. */
const toUser = (row: Person): EstimateVersionUser | null =>
  row?.id == null
    ? null
    : {
        id: row.id,
        name: personName({
          firstName: row.firstName ?? '',
          lastName: row.lastName ?? '',
          email: row.email ?? '',
        }),
        email: row.email ?? '',
      };

const versions = (db: Executor) =>
  db
    .select({ version: estimateVersions, sentBy: person(sentBy), decidedBy: person(decidedBy) })
    .from(estimateVersions)
    .leftJoin(sentBy, eq(sentBy.id, estimateVersions.sentById))
    .leftJoin(decidedBy, eq(decidedBy.id, estimateVersions.decidedById));

type VersionRow = Awaited<ReturnType<ReturnType<typeof versions>['execute']>>[number];

const toVersionDto = ({ version: v, ...who }: VersionRow): EstimateVersion => ({
  id: v.id,
  estimate: v.estimateId,
  number: v.number,
  status: v.status,
  message: v.message,
  sent_at: v.sentAt.toISOString(),
  valid_until: v.validUntil.toISOString(),
  sent_by: toUser(who.sentBy),
  snapshot: v.snapshot,
  decided_at: v.decidedAt?.toISOString() ?? null,
  decided_by: toUser(who.decidedBy),
  signature_name: v.signatureName,
  decision_note: v.decisionNote,
});

const newestFirst = [desc(estimateVersions.sentAt), desc(estimateVersions.id)];

/** What a decision writes: who, and for an approval the signature with where it came from. */
export type Decision =
  | { status: 'approved'; signatureName: string; ip: string; userAgent: string }
  | { status: 'changes_requested'; note: string };

/** The estimate, project and client names the emails and the PDF speak of. */
const estimateContext = (db: Executor, estimateId: number) =>
  db
    .select({
      id: estimates.id,
      name: estimates.name,
      projectName: projects.name,
      clientId: clients.id,
      clientName: clients.name,
    })
    .from(estimates)
    .innerJoin(projects, eq(projects.id, estimates.projectId))
    .innerJoin(clients, eq(clients.id, projects.clientId))
    .where(eq(estimates.id, estimateId))
    .limit(1);

export const createEstimateVersionService = ({ db, config, mail, studio }: AppContext) => {
  const estimateLink = (estimateId: number) => `${config.publicUrl}/estimates/${estimateId}`;

  const find = async (
    scope: Scope,
    id: number,
    executor: Executor = db,
  ): Promise<EstimateVersion | null> => {
    const [row] = await versions(executor)
      .where(
        and(
          eq(estimateVersions.id, id),
          estimateScope(executor, scope, estimateVersions.estimateId),
        ),
      )
      .limit(1);
    return row ? toVersionDto(row) : null;
  };

  return {
    list: async (
      scope: Scope,
      filters: EstimateVersionListQuery,
      page: (total: number) => PageWindow,
    ) => {
      const condition = and(
        estimateScope(db, scope, estimateVersions.estimateId),
        filters.estimate === undefined
          ? undefined
          : eq(estimateVersions.estimateId, filters.estimate),
      );
      const [totals] = await db.select({ total: count() }).from(estimateVersions).where(condition);
      const total = totals?.total ?? 0;
      const window = page(total);
      const rows = await versions(db)
        .where(condition)
        .orderBy(...newestFirst)
        .limit(window.limit)
        .offset(window.offset);
      return { count: total, window, rows: rows.map(toVersionDto) };
    },

    retrieve: find,

    /** The newest version of each estimate in scope (DISTINCT ON over the unique index). */
    latest: async (scope: Scope): Promise<EstimateLatestVersion[]> =>
      (
        await db
          .selectDistinctOn([estimateVersions.estimateId], {
            estimate: estimateVersions.estimateId,
            number: estimateVersions.number,
            status: estimateVersions.status,
            sentAt: estimateVersions.sentAt,
            validUntil: estimateVersions.validUntil,
            // What the client signs for, read from the frozen copy, not the working one.
            hoursSafe: sql<string>`${estimateVersions.snapshot} ->> 'total_hours_safe'`,
            priceSafe: sql<string | null>`${estimateVersions.snapshot} #>> '{price,safe}'`,
            currency: sql<string>`coalesce(${estimateVersions.snapshot} ->> 'currency', '')`,
          })
          .from(estimateVersions)
          .where(estimateScope(db, scope, estimateVersions.estimateId))
          .orderBy(estimateVersions.estimateId, desc(estimateVersions.number))
      ).map((row) => ({
        estimate: row.estimate,
        number: row.number,
        status: row.status,
        sent_at: row.sentAt.toISOString(),
        valid_until: row.validUntil.toISOString(),
        total_hours_safe: row.hoursSafe,
        price_safe: row.priceSafe,
        currency: row.currency,
      })),

    /**
     * Freezes the estimate into a new version (staff only; null when there is no such estimate).
     * The estimate row is held (NO KEY UPDATE) for the transaction, so two sends of one estimate
     * take turns and number their versions 1, 2, 3; section and item writes are not blocked.
     */
    send: async (
      scope: Scope,
      estimateId: number,
      message: string,
    ): Promise<EstimateVersion | null> => {
      // The answer is read in the transaction that writes it (issue 28): once committed, a
      // version is never reported as failed.
      const sent = await db.transaction(async (tx) => {
        const validDays = (await studio.current(tx)).estimate_validity_days;
        const [estimate] = await estimateContext(tx, estimateId).for('no key update', {
          of: estimates,
        });
        if (!estimate) return null;
        // One statement, so a consistent picture even while others edit sections and items.
        const snapshot = await readEstimateDetail(tx, estimateId);
        if (!snapshot) return null;
        await tx
          .update(estimateVersions)
          .set({ status: 'superseded' })
          .where(
            and(eq(estimateVersions.estimateId, estimateId), eq(estimateVersions.status, 'sent')),
          );
        const [next] = await tx
          .select({ number: sql<number>`coalesce(max(${estimateVersions.number}), 0)::int + 1` })
          .from(estimateVersions)
          .where(eq(estimateVersions.estimateId, estimateId));
        const number = next?.number ?? 1;
        const [row] = await tx
          .insert(estimateVersions)
          .values({
            estimateId,
            number,
            status: 'sent',
            message,
            snapshot,
            sentById: scope.userId,
            validUntil: sql`now() + make_interval(days => ${validDays})`,
          })
          .returning({ id: estimateVersions.id, validUntil: estimateVersions.validUntil });
        if (!row) throw new Error('version not created');
        await record(tx, { verb: 'sent', ...onEstimate(estimateId), data: { number } });

        const [sender] = await tx
          .select(person(users))
          .from(users)
          .where(eq(users.id, scope.userId));
        const recipients = await tx
          .select({ ...person(users), timeZone: users.timeZone })
          .from(clientUsers)
          .innerJoin(users, eq(users.id, clientUsers.userId))
          .where(and(eq(clientUsers.clientId, estimate.clientId), eq(users.isActive, true)))
          .orderBy(users.id);
        await notifyEstimateSent(tx, {
          actorId: scope.userId,
          clientId: estimate.clientId,
          estimateId,
          estimateName: estimate.name,
          number,
        });
        const brand = emailBrand(await studio.current(tx));
        for (const recipient of recipients)
          await enqueueEmail(
            tx,
            versionSentEmail({
              to: recipient.email,
              greetingName: personName(recipient),
              senderName: sender ? personName(sender) : brand.name,
              brand,
              link: estimateLink(estimateId),
              estimateName: estimate.name,
              projectName: estimate.projectName,
              number,
              message,
              amount: versionAmount({ snapshot }),
              validUntil: formatMomentWithZone(row.validUntil, recipientZone(recipient.timeZone)),
            }),
          );
        return find(scope, row.id, tx);
      });
      if (sent) mail.poke();
      return sent;
    },

    /**
     * A client user's decision: ONE conditional UPDATE, so of two racing decisions exactly one
     * finds the version `sent`; the other gets a 409 (404 when the caller may not see it).
     */
    decide: async (
      scope: Scope,
      id: number,
      decision: Decision,
      /** The decider's clock, for the day an expired version's 409 names. */
      zone: string,
    ): Promise<EstimateVersion> => {
      const decided = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(estimateVersions)
          .set({
            status: decision.status,
            decidedAt: sql`now()`,
            decidedById: scope.userId,
            ...(decision.status === 'approved'
              ? {
                  signatureName: decision.signatureName,
                  signatureIp: decision.ip,
                  signatureUserAgent: decision.userAgent,
                }
              : { decisionNote: decision.note }),
          })
          .where(
            and(
              eq(estimateVersions.id, id),
              eq(estimateVersions.status, 'sent'),
              // Past its validity a version can still be sent back for changes, not approved.
              decision.status === 'approved'
                ? gt(estimateVersions.validUntil, sql`now()`)
                : undefined,
              estimateScope(tx, scope, estimateVersions.estimateId),
            ),
          )
          .returning({ estimateId: estimateVersions.estimateId, number: estimateVersions.number });
        if (!row) return null;
        await record(tx, {
          verb: 'decided',
          ...onEstimate(row.estimateId),
          data: { number: row.number, status: decision.status },
        });

        const [estimate] = await estimateContext(tx, row.estimateId);
        const [decider] = await tx
          .select(person(users))
          .from(users)
          .where(eq(users.id, scope.userId));
        if (estimate)
          await notifyEstimateDecided(tx, {
            actorId: scope.userId,
            estimateId: row.estimateId,
            estimateName: estimate.name,
            number: row.number,
            approved: decision.status === 'approved',
          });
        if (estimate && decider) {
          const brand = emailBrand(await studio.current(tx));
          await enqueueStaffEmail(tx, (to) =>
            versionDecidedEmail({
              to: to.email,
              brand,
              link: estimateLink(row.estimateId),
              estimateName: estimate.name,
              projectName: estimate.projectName,
              clientName: estimate.clientName,
              number: row.number,
              deciderName: personName(decider),
              deciderEmail: decider.email,
              decision:
                decision.status === 'approved'
                  ? {
                      status: 'approved',
                      signature_name: decision.signatureName,
                      decision_note: null,
                    }
                  : {
                      status: 'changes_requested',
                      signature_name: null,
                      decision_note: decision.note,
                    },
            }),
          );
        }
        return row;
      });
      const version = await find(scope, id);
      if (!version) throw notFound();
      if (!decided)
        throw version.status === 'sent'
          ? expired(version.valid_until, zone)
          : conflict(version.status);
      mail.poke();
      return version;
    },

    /** The version with the names a document about it needs (the PDF). */
    withContext: async (scope: Scope, id: number) => {
      const version = await find(scope, id);
      if (!version) return null;
      const [estimate] = await estimateContext(db, version.estimate);
      return estimate ? { version, estimate } : null;
    },
  };
};

const conflict = (status: EstimateVersionStatus) =>
  new ApiError(409, { detail: ESTIMATE_VERSION_MESSAGES.notWaiting(status) });

/** The moment named is the end of the version's validity, on the decider's clock. */
const expired = (validUntil: string, zone: string) =>
  new ApiError(409, {
    detail: ESTIMATE_VERSION_MESSAGES.expired(formatMomentWithZone(validUntil, zone)),
  });

export type EstimateVersionService = ReturnType<typeof createEstimateVersionService>;
