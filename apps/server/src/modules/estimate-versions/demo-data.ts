import { inArray, sql } from 'drizzle-orm';
import type { TransactionalExecutor } from '../../db/client';
import { estimates, estimateVersions, users } from '../../db/schema/index';
import { readEstimateDetail } from '../estimates/service';

const DANA = 'dana@acme.example';
const LEE = 'lee@studio.example';

/**
 * Demo versions (after `seedDemoEstimates`): the discovery estimate was sent and approved by
 * Dana a week ago; the website redesign was sent yesterday and waits for her decision, so the
 * client's page opens on a version to approve and the staff page shows both states.
 */
export const seedDemoVersions = async (db: TransactionalExecutor) => {
  await db.transaction(async (tx) => {
    const people = new Map(
      (
        await tx
          .select({ id: users.id, email: users.email })
          .from(users)
          .where(inArray(sql`lower(${users.email})`, [DANA, LEE]))
      ).map((u) => [u.email.toLowerCase(), u.id]),
    );
    const byName = new Map(
      (
        await tx
          .select({ id: estimates.id, name: estimates.name })
          .from(estimates)
          .where(inArray(estimates.name, ['Mobile App — Discovery', 'Website Redesign']))
      ).map((e) => [e.name, e.id]),
    );
    const lee = people.get(LEE) ?? null;
    const dana = people.get(DANA) ?? null;

    const discovery = byName.get('Mobile App — Discovery');
    const discoverySnapshot = discovery && (await readEstimateDetail(tx, discovery));
    if (discovery && discoverySnapshot)
      await tx.insert(estimateVersions).values({
        estimateId: discovery,
        number: 1,
        status: 'approved',
        message: 'Here is the discovery phase we talked about on Monday.',
        snapshot: discoverySnapshot,
        sentById: lee,
        sentAt: sql`now() - interval '8 days'`,
        validUntil: sql`now() + interval '22 days'`,
        decidedById: dana,
        decidedAt: sql`now() - interval '7 days'`,
        signatureName: 'Dana Reyes',
        signatureIp: '127.0.0.1',
        signatureUserAgent: 'demo data',
      });

    const redesign = byName.get('Website Redesign');
    const redesignSnapshot = redesign && (await readEstimateDetail(tx, redesign));
    if (redesign && redesignSnapshot)
      await tx.insert(estimateVersions).values({
        estimateId: redesign,
        number: 1,
        status: 'sent',
        message:
          'Dana, this is the full redesign estimate. The ranges allow for one extra review round per page type.',
        snapshot: redesignSnapshot,
        sentById: lee,
        sentAt: sql`now() - interval '1 day'`,
        validUntil: sql`now() + interval '29 days'`,
      });
  });
};
