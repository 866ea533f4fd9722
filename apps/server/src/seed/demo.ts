import type { TransactionalExecutor } from '../db/client';
import { users } from '../db/schema/index';
import { seedDemoActivity } from '../modules/activity/demo-data';
import { hashPassword } from '../modules/auth/passwords';
import { seedDemoCanvases } from '../modules/canvas/demo-data';
import { seedDemoVersions } from '../modules/estimate-versions/demo-data';
import { seedDemoEstimates } from '../modules/estimates/demo-data';
import { seedDemoLeads } from '../modules/leads/demo-data';
import { seedDemoNotifications } from '../modules/notifications/demo-data';
import { seedClientsAndProjects } from '../modules/projects/demo-data';
import { seedDemoTestPlans } from '../modules/test-plans/demo-data';
import { seedDemoTestRuns } from '../modules/test-runs/demo-data';

/** Demo password of every demo account, so a newcomer can sign in as a client user too. */
export const DEMO_PASSWORD = 'demo-password-1';

/**
 * A small, believable data set so every screen has something to show. Each area adds its own
 * records here (clients, projects, estimates, leads, canvases) as it lands.
 */
export const seedDemoData = async (db: TransactionalExecutor) => {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.insert(users).values([
    {
      email: 'dana@acme.example',
      passwordHash,
      firstName: 'Dana',
      lastName: 'Reyes',
      phone: '+1 555 0100',
      emailVerified: true,
    },
    {
      email: 'sam@acme.example',
      passwordHash,
      firstName: 'Sam',
      lastName: 'Okafor',
      emailVerified: true,
    },
    {
      email: 'lee@studio.example',
      passwordHash,
      firstName: 'Lee',
      lastName: 'Park',
      isSuperuser: true,
      emailVerified: true,
    },
  ]);
  await seedClientsAndProjects(db);
  await seedDemoEstimates(db);
  await seedDemoVersions(db);
  await seedDemoLeads(db);
  await seedDemoTestPlans(db);
  await seedDemoTestRuns(db);
  await seedDemoCanvases(db);
  await seedDemoActivity(db);
  await seedDemoNotifications(db);
};
