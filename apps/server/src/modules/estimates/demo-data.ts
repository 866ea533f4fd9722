import { inArray, sql } from 'drizzle-orm';
import type { TransactionalExecutor } from '../../db/client';
import {
  estimateItemComments,
  estimateItems,
  estimates,
  estimateSections,
  projects,
  users,
} from '../../db/schema/index';

type DemoItem = {
  description: string;
  low: string;
  high: string;
  notes?: string;
  questions?: string;
  /** [author email, text] in the order they were written. */
  comments?: [string, string][];
};
type DemoEstimate = {
  project: string;
  name: string;
  description: string;
  scopeOfWork: string;
  deliverables: string;
  notIncluded: string;
  safeModifier: string;
  /** Optional price: per hour, in `currency`. */
  hourlyRate?: string;
  currency?: string;
  sections: [name: string, items: DemoItem[]][];
};

const DANA = 'dana@acme.example';
const LEE = 'lee@studio.example';

const DEMO: DemoEstimate[] = [
  {
    project: 'acme-website-redesign',
    name: 'Website Redesign',
    description:
      'Estimate for the redesign and rebuild of acme.example.\nHours are ranges: the low end assumes content arrives on time, the high end allows for one extra review round per page type.',
    scopeOfWork:
      'Discovery workshops, a design system, templates for every page type, a headless CMS and the migration of the existing 120 pages.',
    deliverables:
      'Sitemap and personas; Figma design system and page designs; the production site on the CMS; an editor guide.',
    notIncluded: 'Copywriting, photography, hosting costs and third-party licences.',
    safeModifier: '1.20',
    hourlyRate: '110.00',
    currency: 'EUR',
    sections: [
      [
        'Discovery',
        [
          {
            description: 'Stakeholder workshops',
            low: '6',
            high: '8',
            notes: 'Two half-day sessions.',
          },
          { description: 'Analytics and content audit', low: '4', high: '6.5' },
          {
            description: 'Personas and sitemap',
            low: '5',
            high: '7.25',
            comments: [
              [DANA, 'Can the sitemap include the new careers section?'],
              [LEE, 'Yes, it is in. We will review it together in the workshop.'],
            ],
          },
        ],
      ],
      [
        'Design',
        [
          { description: 'Design system (type, colour, components)', low: '16', high: '24' },
          {
            description: 'Homepage design, two variants',
            low: '10',
            high: '14',
            questions: 'Do we show the product configurator on the homepage?',
            comments: [[DANA, 'We would like to see the configurator variant first.']],
          },
          { description: 'Templates: product, article, landing page', low: '18', high: '26.5' },
        ],
      ],
      [
        'Development',
        [
          { description: 'CMS setup and content model', low: '12', high: '16' },
          {
            description: 'Front-end build of the templates',
            low: '40',
            high: '56',
            notes: 'Accessible to WCAG 2.2 AA.',
          },
          {
            description: 'Migration of 120 pages',
            low: '20',
            high: '30',
            questions: 'Are redirects for retired pages needed?',
            comments: [[DANA, 'Yes please — marketing has a list of the important old URLs.']],
          },
          { description: 'Forms and CRM integration', low: '8', high: '12.75' },
        ],
      ],
      [
        'Launch',
        [
          { description: 'QA across browsers and devices', low: '10', high: '14' },
          { description: 'Go-live and four weeks of support', low: '8', high: '12' },
        ],
      ],
    ],
  },
  {
    project: 'acme-mobile-app',
    name: 'Mobile App — Discovery',
    description: 'A first, small estimate: the discovery phase and a clickable prototype.',
    scopeOfWork: 'User interviews, journey maps and a clickable prototype of order tracking.',
    deliverables: 'Interview notes, journey maps, a Figma prototype.',
    notIncluded: 'Native development (estimated after discovery).',
    safeModifier: '1.00',
    sections: [
      [
        'Discovery',
        [
          { description: 'Customer interviews (6)', low: '9', high: '12' },
          { description: 'Journey maps', low: '4', high: '6' },
          { description: 'Clickable prototype', low: '16', high: '22.5' },
        ],
      ],
    ],
  },
];

/**
 * Demo estimates on Acme's projects (after `seedClientsAndProjects`): sections, items with hour
 * ranges and a few comments by the demo client user Dana and staff Lee, so both the staff and
 * the client view of an estimate have something to show.
 */
export const seedDemoEstimates = async (db: TransactionalExecutor) => {
  await db.transaction(async (tx) => {
    const projectRows = await tx
      .select({ id: projects.id, slug: projects.slug })
      .from(projects)
      .where(inArray(projects.slug, [...new Set(DEMO.map((e) => e.project))]));
    const projectIds = new Map(projectRows.map((p) => [p.slug, p.id]));
    const authors = new Map(
      (
        await tx
          .select({ id: users.id, email: users.email })
          .from(users)
          .where(inArray(sql`lower(${users.email})`, [DANA, LEE]))
      ).map((u) => [u.email.toLowerCase(), u.id]),
    );

    for (const demo of DEMO) {
      const projectId = projectIds.get(demo.project);
      if (projectId === undefined) continue;
      const { sections, project: _project, ...fields } = demo;
      const [estimate] = await tx
        .insert(estimates)
        .values({ ...fields, projectId })
        .returning({ id: estimates.id });
      if (!estimate) throw new Error(`demo estimate ${demo.name} not created`);
      for (const [order, [name, items]] of sections.entries()) {
        const [section] = await tx
          .insert(estimateSections)
          .values({ estimateId: estimate.id, name, order })
          .returning({ id: estimateSections.id });
        if (!section) throw new Error(`demo section ${name} not created`);
        const rows = await tx
          .insert(estimateItems)
          .values(
            items.map((item, position) => ({
              sectionId: section.id,
              description: item.description,
              hoursLow: item.low,
              hoursHigh: item.high,
              notes: item.notes ?? '',
              questions: item.questions ?? '',
              order: position,
            })),
          )
          .returning({ id: estimateItems.id, order: estimateItems.order });
        const comments = rows.flatMap((row) =>
          (items[row.order]?.comments ?? []).flatMap(([email, content], i) => {
            const userId = authors.get(email);
            // Spaced out in time so the drawer shows a believable conversation.
            const createdAt = sql`now() - ${`${(items.length - row.order) * 3 - i} hours`}::interval`;
            return userId === undefined ? [] : [{ itemId: row.id, userId, content, createdAt }];
          }),
        );
        if (comments.length > 0) await tx.insert(estimateItemComments).values(comments);
      }
    }
  });
};
