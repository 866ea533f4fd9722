import { and, eq, inArray } from 'drizzle-orm';
import type { TestResult } from '@portal/contract/test-runs';
import type { TransactionalExecutor } from '../../db/client';
import { testRunResults, testRuns, users } from '../../db/schema/index';
import { demoMilestone } from '../test-plans/demo-data';
import { copyPlan } from './service';

const DAY = 24 * 60 * 60 * 1000;

type DemoRun = {
  name: string;
  daysAgo: number;
  /** Results by step position; the rest stay untested. */
  results: [result: TestResult, note?: string][];
  signOff?: { name: string; note: string };
};

/** Run 1 signed off by Dana with a note on its one failure; Run 2 completed, awaiting her. */
const DEMO_RUNS: DemoRun[] = [
  {
    name: 'Run 1',
    daysAgo: 9,
    results: [
      ['passed'],
      ['passed'],
      ['passed'],
      ['failed', 'The contact page title reads "Contact us"; agreed to fix after launch.'],
      ['passed'],
      ['passed'],
      ['skipped', 'Mailpit was down; checked by hand instead.'],
      ['passed'],
      ['passed'],
    ],
    signOff: {
      name: 'Dana Reyes',
      note: 'Accepted. The contact page title goes into the first post-launch release.',
    },
  },
  {
    name: 'Run 2',
    daysAgo: 2,
    results: [
      ['passed'],
      ['passed'],
      ['passed'],
      ['passed'],
      ['blocked', 'The newsletter provider account is not set up on staging yet.'],
      ['blocked', 'Same as the step before.'],
      ['passed'],
    ],
  },
];

/** Two runs of the demo test plan (Acme's first milestone), so the runs list and report show. */
export const seedDemoTestRuns = async (db: TransactionalExecutor) => {
  await db.transaction(async (tx) => {
    const milestone = await demoMilestone(tx);
    if (!milestone) return;
    const people = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(inArray(users.email, ['lee@studio.example', 'dana@acme.example']));
    const lee = people.find((u) => u.email === 'lee@studio.example')?.id ?? null;
    const dana = people.find((u) => u.email === 'dana@acme.example')?.id ?? null;
    for (const [index, demo] of DEMO_RUNS.entries()) {
      const startedAt = new Date(Date.now() - demo.daysAgo * DAY);
      const completedAt = new Date(startedAt.getTime() + 2 * 60 * 60 * 1000);
      const [run] = await tx
        .insert(testRuns)
        .values({
          milestoneId: milestone.id,
          number: index + 1,
          name: demo.name,
          status: demo.signOff ? 'signed_off' : 'completed',
          startedById: lee,
          startedAt,
          completedAt,
          ...(demo.signOff && {
            signedOffById: dana,
            signedOffAt: new Date(completedAt.getTime() + DAY),
            signatureName: demo.signOff.name,
            signOffNote: demo.signOff.note,
            signatureIp: '127.0.0.1',
            signatureUserAgent: 'demo data',
          }),
        })
        .returning({ id: testRuns.id });
      if (!run) throw new Error(`demo run ${demo.name} not created`);
      await copyPlan(tx, run.id, milestone.id);
      for (const [order, [result, note]] of demo.results.entries())
        await tx
          .update(testRunResults)
          .set({ result, note: note ?? '', updatedById: lee, updatedAt: completedAt })
          .where(and(eq(testRunResults.runId, run.id), eq(testRunResults.order, order)));
    }
  });
};
