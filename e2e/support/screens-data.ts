import type { APIRequestContext } from '@playwright/test';
import { createVerifiedUser } from './api';
import { createCanvasViaApi } from './canvas-api';
import { createClientViaApi, createProjectViaApi } from './clients-api';
import { createEstimateViaApi, linkClientUser } from './estimates-api';
import { createLead } from './leads-api';
import { createFlowsViaApi, createMilestoneViaApi } from './test-plans-api';

/**
 * One of everything a main screen shows (a client with a member, a project, an estimate, a
 * milestone with a test plan, a canvas, a lead), so the screen-by-screen audits
 * (accessibility.spec.ts, keyboard.spec.ts) look at screens with content.
 */
export const createScreensData = async (
  request: APIRequestContext,
  staffToken: string,
  tag: string,
) => {
  const client = await createClientViaApi(request, staffToken, `Axe ${tag}`);
  const project = await createProjectViaApi(request, staffToken, {
    client: client.id,
    name: `Audit ${tag}`,
  });
  const estimate = await createEstimateViaApi(
    request,
    staffToken,
    { project: project.id, name: 'Website', description: 'A new site' },
    [{ name: 'Design', items: [{ description: 'Wireframes', hours_low: '4', hours_high: '8' }] }],
  );
  const milestone = await createMilestoneViaApi(request, staffToken, {
    project: project.id,
    name: 'Launch',
  });
  await createFlowsViaApi(request, staffToken, milestone.id, [
    { name: 'Sign in', steps: ['Open the login page', 'Enter the password'] },
  ]);
  const canvas = await createCanvasViaApi(request, staffToken, {
    name: `Model ${tag}`,
    client_id: client.id,
  });
  await createLead(request, staffToken, {
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: `${tag}@example.test`,
  });
  const member = await createVerifiedUser(request, `${tag}-member`, {
    first_name: 'Mia',
    last_name: 'Member',
  });
  await linkClientUser(request, staffToken, client.id, member.user.id);
  return { client, project, estimate, milestone, canvas, member };
};
