import { inArray, sql } from 'drizzle-orm';
import type { TransactionalExecutor } from '../../db/client';
import {
  clients,
  clientUsers,
  milestones,
  phases,
  projectNotes,
  projectPhases,
  projects,
  users,
} from '../../db/schema/index';

const day = (offsetDays: number) =>
  new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

type DemoProject = typeof projects.$inferInsert & {
  phases: [phase: string, completedDaysAgo: number | null][];
  notes: [content: string, status: 'open' | 'on_hold' | 'complete' | 'abandoned'][];
  milestones: string[];
};

/**
 * Demo clients and projects: Acme (with the demo client users Dana and Sam, who can sign in
 * and see only Acme's work), the studio itself as an internal client, and Globex with nobody
 * linked. Later areas find these projects by slug to hang estimates and test plans on them.
 */
export const seedClientsAndProjects = async (db: TransactionalExecutor) => {
  await db.transaction(async (tx) => {
    const [acme, studio, globex] = await tx
      .insert(clients)
      .values([
        { name: 'Acme Corporation', slug: 'acme' },
        { name: 'Studio', slug: 'studio', isInternal: true },
        { name: 'Globex', slug: 'globex' },
      ])
      .returning();
    if (!acme || !studio || !globex) throw new Error('demo clients not created');

    const members = await tx
      .select({ id: users.id })
      .from(users)
      .where(inArray(sql`lower(${users.email})`, ['dana@acme.example', 'sam@acme.example']));
    if (members.length > 0)
      await tx
        .insert(clientUsers)
        .values(members.map((user) => ({ clientId: acme.id, userId: user.id })));

    const phaseIds = new Map(
      (await tx.select().from(phases)).map((phase) => [phase.phaseName, phase.id]),
    );

    const demo: DemoProject[] = [
      {
        clientId: acme.id,
        name: 'Acme Website Redesign',
        slug: 'acme-website-redesign',
        vision:
          'A faster, friendlier acme.example that turns visitors into customers.\nMobile first, accessible, easy for the Acme team to update.',
        statementOfWork:
          'Discovery workshops, new design system, rebuild of the marketing site on a headless CMS, migration of 120 pages, launch support for four weeks.',
        targetDate: day(75),
        status: 'in_progress',
        phase: 'Design',
        percentageComplete: 45,
        slackUrl: 'https://acme.slack.com/archives/C0WEBSITE',
        driveFolderUrl: 'https://drive.google.com/drive/folders/acme-website',
        stagingUrl: 'https://staging.acme.example',
        productionUrl: 'https://www.acme.example',
        figmaUrl: 'https://www.figma.com/file/acme-website',
        frontendRepoUrl: 'https://github.com/studio/acme-website',
        phases: [
          ['Discovery', 40],
          ['Design', null],
          ['Development', null],
          ['Launch', null],
        ],
        notes: [
          ['Kick-off workshop done; personas and sitemap agreed.', 'complete'],
          ['Waiting for brand guidelines from Acme marketing.', 'on_hold'],
          ['Homepage hero: two variants to review with Dana on Thursday.', 'open'],
        ],
        milestones: [
          'Kick-off',
          'Wireframes approved',
          'Design system ready',
          'Beta launch',
          'Go live',
        ],
      },
      {
        clientId: acme.id,
        name: 'Acme Mobile App',
        slug: 'acme-mobile-app',
        vision: 'Order tracking in the pocket of every Acme customer.',
        targetDate: day(180),
        status: 'not_started',
        phase: 'Discovery',
        percentageComplete: 5,
        androidRepoUrl: 'https://github.com/studio/acme-android',
        iosRepoUrl: 'https://github.com/studio/acme-ios',
        phases: [['Discovery', null]],
        notes: [['Estimate shared; waiting for the budget decision.', 'open']],
        milestones: ['Clickable prototype', 'Store submission'],
      },
      {
        clientId: studio.id,
        name: 'Studio Portal',
        slug: 'studio-portal',
        vision: 'One place for our clients to follow their projects and estimates.',
        statementOfWork: 'Internal tool: clients, projects, estimates, test plans and leads.',
        targetDate: day(30),
        status: 'in_progress',
        phase: 'Development',
        percentageComplete: 60,
        backendRepoUrl: 'https://github.com/studio/portal',
        frontendRepoUrl: 'https://github.com/studio/portal',
        phases: [
          ['Discovery', 90],
          ['Design', 60],
          ['Development', null],
        ],
        notes: [
          ['Old prototype abandoned in favour of the rewrite.', 'abandoned'],
          ['Test plans next, then the modelling tool.', 'open'],
        ],
        milestones: ['Accounts', 'Clients and projects', 'Estimates'],
      },
      {
        clientId: globex.id,
        name: 'Globex Intranet',
        slug: 'globex-intranet',
        status: 'on_hold',
        phase: 'Discovery',
        percentageComplete: 10,
        phases: [['Discovery', null]],
        notes: [['Paused until their new fiscal year.', 'on_hold']],
        milestones: ['Requirements signed off'],
      },
    ];

    for (const { phases: projectPhaseList, notes, milestones: names, ...fields } of demo) {
      const [project] = await tx.insert(projects).values(fields).returning({ id: projects.id });
      if (!project) throw new Error(`demo project ${fields.slug} not created`);
      const phaseRows = projectPhaseList.flatMap(([name, daysAgo]) => {
        const phaseId = phaseIds.get(name);
        return phaseId === undefined
          ? []
          : [
              {
                projectId: project.id,
                phaseId,
                completed: daysAgo === null ? null : day(-daysAgo),
              },
            ];
      });
      if (phaseRows.length > 0) await tx.insert(projectPhases).values(phaseRows);
      await tx
        .insert(projectNotes)
        .values(notes.map(([content, status]) => ({ projectId: project.id, content, status })));
      await tx
        .insert(milestones)
        .values(names.map((name, order) => ({ projectId: project.id, name, order })));
    }
  });
};
