import { and, eq } from 'drizzle-orm';
import type { TestStepType } from '@portal/contract/test-plans';
import type { Executor, TransactionalExecutor } from '../../db/client';
import { milestones, projects, testFlows, testSteps } from '../../db/schema/index';

type DemoFlow = [name: string, steps: [type: TestStepType, description: string][]];

/** The test plan of the first Acme milestone: Markdown with links, lists and both step types. */
const DEMO_PROJECT = 'acme-website-redesign';
const DEMO_FLOWS: DemoFlow[] = [
  [
    'Home page',
    [
      ['INTERACT', 'Open [the staging site](https://staging.acme.example) in a private window.'],
      [
        'VERIFY',
        'The hero shows:\n- the headline **Built for makers**\n- the _Shop now_ button\n- no cookie banner overlap on a 375 px wide screen',
      ],
      ['INTERACT', 'Scroll to the footer and click **Contact**.'],
      ['VERIFY', 'The contact page opens and its title reads `Contact Acme`.'],
    ],
  ],
  [
    'Newsletter sign-up',
    [
      [
        'INTERACT',
        'Enter `dana+test@acme.example` in the footer sign-up field and press **Join**.',
      ],
      ['VERIFY', 'A toast confirms the sign-up; the field is cleared.'],
      [
        'VERIFY',
        'The confirmation email arrives within a minute (check [Mailpit](https://mail.acme.example)).',
      ],
    ],
  ],
  [
    'Content migration spot check',
    [
      [
        'INTERACT',
        'Pick three pages from the [migration sheet](https://docs.acme.example/migration):\n1. a product page\n2. a blog post\n3. a legal page',
      ],
      ['VERIFY', 'Each page keeps its URL, title and images; internal links still resolve.'],
    ],
  ],
];

/** The demo project's first milestone, which holds the demo test plan (and its runs). */
export const demoMilestone = async (tx: Executor) => {
  const [milestone] = await tx
    .select({ id: milestones.id })
    .from(milestones)
    .innerJoin(projects, eq(projects.id, milestones.projectId))
    .where(and(eq(projects.slug, DEMO_PROJECT), eq(milestones.order, 0)))
    .limit(1);
  return milestone;
};

export const seedDemoTestPlans = async (db: TransactionalExecutor) => {
  await db.transaction(async (tx) => {
    const milestone = await demoMilestone(tx);
    if (!milestone) return;
    for (const [order, [name, steps]] of DEMO_FLOWS.entries()) {
      const [flow] = await tx
        .insert(testFlows)
        .values({ milestoneId: milestone.id, name, order })
        .returning({ id: testFlows.id });
      if (!flow) throw new Error(`demo flow ${name} not created`);
      await tx.insert(testSteps).values(
        steps.map(([type, description], position) => ({
          testFlowId: flow.id,
          type,
          description,
          order: position,
        })),
      );
    }
  });
};
