import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { estimateDetailSchema } from '@portal/contract/estimates';
import { formatMoment } from '@portal/contract/time';
import { userSchema } from '@portal/contract/users';
import { adminToken, createVerifiedUser, signInWithToken } from './support/api';
import { createClientWithProjectViaApi } from './support/clients-api';
import { createEstimateViaApi, linkClientUser, sendVersionViaApi } from './support/estimates-api';
import { createFlowsViaApi, createMilestoneViaApi, runViaApi } from './support/test-plans-api';
import { scaled } from './support/time';

/**
 * Issue 25: a client user's own portal. Her navigation leads to her projects and her test runs;
 * a project says where each milestone's acceptance testing stands, and leads to the run that
 * waits for her sign-off.
 */

test('a client goes Home → Projects → a project → the run waiting for her, and signs it off', async ({
  page,
  request,
}) => {
  test.setTimeout(scaled(90_000));
  const id = randomUUID().slice(0, 6);
  const token = await adminToken(request);
  const { client, project } = await createClientWithProjectViaApi(request, token, {
    client: `Umbrella ${id}`,
    project: `Umbrella Site ${id}`,
  });
  await createMilestoneViaApi(request, token, {
    project: project.id,
    name: `Design ${id}`,
  });
  const launch = await createMilestoneViaApi(request, token, {
    project: project.id,
    name: `Launch ${id}`,
  });
  await createFlowsViaApi(request, token, launch.id, [
    { name: 'Checkout', steps: ['Add a mug to the cart', 'Pay'] },
  ]);
  const runId = await runViaApi(request, token, launch.id, { complete: true });
  const member = await createVerifiedUser(request, 'umbrella', {
    first_name: 'Alice',
    last_name: 'Abernathy',
  });
  await linkClientUser(request, token, client.id, member.user.id);

  await signInWithToken(page, member.token, '/home');
  const nav = page.getByRole('navigation', { name: 'Main' });

  await test.step('her Test runs page puts the run waiting for her first', async () => {
    await nav.getByRole('link', { name: 'Test runs' }).click();
    await expect(page).toHaveURL(/\/test-runs$/);
    await expect(page).toHaveTitle(/^Test runs \| /);
    const waiting = page.getByRole('region', { name: 'Waiting for sign-off' });
    await expect(waiting.getByRole('link', { name: `Launch ${id} · Run 1` })).toBeVisible();
    await expect(waiting.getByText(`Umbrella ${id}`)).toBeVisible();
  });

  await test.step('her Projects page lists her project; it says where each milestone stands', async () => {
    await nav.getByRole('link', { name: 'Projects' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create Project' })).toHaveCount(0);
    await page.getByRole('link', { name: `Umbrella Site ${id}` }).click();
    await expect(page).toHaveURL(new RegExp(`/projects/${project.slug}$`));
    const milestones = page.getByRole('list', { name: 'Milestones' });
    const designRow = milestones.getByRole('listitem').filter({ hasText: `Design ${id}` });
    await expect(designRow.getByText('No test plan')).toBeVisible();
    const launchRow = milestones.getByRole('listitem').filter({ hasText: `Launch ${id}` });
    await expect(launchRow.getByText('Waiting for sign-off')).toBeVisible();
    await launchRow.getByRole('link', { name: 'Run 1' }).click();
    await expect(page).toHaveURL(new RegExp(`/test-runs/${runId}/report$`));
  });

  await test.step('she signs it off, and her project shows who signed it and when', async () => {
    await page.getByRole('button', { name: 'Sign off' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign off this test run' });
    await dialog.getByLabel('Full name').fill('Alice Abernathy');
    await dialog.getByRole('button', { name: 'Sign off' }).click();
    await expect(dialog).toBeHidden();
    await nav.getByRole('link', { name: 'Projects' }).click();
    await page.getByRole('link', { name: `Umbrella Site ${id}` }).click();
    const launchRow = page
      .getByRole('list', { name: 'Milestones' })
      .getByRole('listitem')
      .filter({ hasText: `Launch ${id}` });
    await expect(launchRow.getByText(/Signed off by Alice Abernathy on/)).toBeVisible();
    await nav.getByRole('link', { name: 'Test runs' }).click();
    const waiting = page.getByRole('region', { name: 'Waiting for sign-off' });
    await expect(waiting.getByText('No test run waits for a sign-off.')).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'All test runs' }).getByText('Signed off'),
    ).toBeVisible();
  });
});

type EstimateItem = { description: string; hours_low: string; hours_high: string };

/**
 * A new client ("Cyberdyne 1a2b3c") with a project and an estimate of one item, created by staff
 * through the API; the names end with the same fresh `id`.
 */
const clientWithEstimate = async (
  request: APIRequestContext,
  company: string,
  estimate: { name: string; safe_modifier: string; item: EstimateItem },
) => {
  const id = randomUUID().slice(0, 6);
  const token = await adminToken(request);
  const { client, project } = await createClientWithProjectViaApi(request, token, {
    client: `${company} ${id}`,
    project: `${company} Site ${id}`,
  });
  const created = await createEstimateViaApi(
    request,
    token,
    {
      project: project.id,
      name: `${estimate.name} ${id}`,
      description: `The ${estimate.name.toLowerCase()}.`,
      safe_modifier: estimate.safe_modifier,
    },
    [{ name: 'Build', items: [estimate.item] }],
  );
  return { id, token, auth: { Authorization: `Token ${token}` }, client, estimate: created };
};

test('a client sees the price first, and reads the version she signs rather than the working copy', async ({
  page,
  request,
}) => {
  test.setTimeout(scaled(90_000));
  const { id, token, auth, client, estimate } = await clientWithEstimate(request, 'Cyberdyne', {
    name: 'Portal',
    safe_modifier: '1.50',
    item: { description: 'Login page', hours_low: '8', hours_high: '10' },
  });
  const priced = await request.patch(`/api/estimates/${estimate.id}/`, {
    headers: auth,
    data: { hourly_rate: '100', currency: 'EUR' },
  });
  expect(priced.status()).toBe(200);
  await sendVersionViaApi(request, token, estimate.id);
  // Staff go on editing the working copy after sending: not what the client is asked to sign.
  const detail = estimateDetailSchema.parse(
    await (await request.get(`/api/estimates/${estimate.id}/`, { headers: auth })).json(),
  );
  const item = detail.sections[0]?.items[0];
  if (!item) throw new Error('no item');
  const edited = await request.patch(`/api/estimate-items/${item.id}/`, {
    headers: auth,
    data: { description: 'Login and sign-up pages', hours_high: '20' },
  });
  expect(edited.status()).toBe(200);
  const member = await createVerifiedUser(request, 'cyberdyne', { first_name: 'Sarah' });
  await linkClientUser(request, token, client.id, member.user.id);

  await signInWithToken(page, member.token, '/estimates');
  await test.step('her estimate list shows the price of the version she is asked to sign', async () => {
    const row = page.getByRole('row').filter({ hasText: `Portal ${id}` });
    await expect(row.getByText('€1,500.00')).toBeVisible();
    await expect(row.getByText('15.00 hours · version 1')).toBeVisible();
    await expect(row.getByText('Waiting for approval')).toBeVisible();
  });

  await test.step('the estimate opens as version 1 was sent, with what she signs in the banner', async () => {
    await page.getByRole('link', { name: `Portal ${id}` }).click();
    const banner = page.getByRole('region', { name: 'Version 1 is waiting for your approval' });
    await expect(banner).toContainText('Total with contingency: €1,500.00 (15.00 hours)');
    await expect(banner).toContainText(/valid until \w+ \d+, \d{4}/);
    await expect(banner).toContainText('This page shows version 1 as it was sent.');
    const sections = page.locator('#part-sections');
    await expect(sections.getByText('Login page', { exact: true })).toBeVisible();
    await expect(sections.getByText('Login and sign-up pages')).toHaveCount(0);
  });

  await test.step('once approved, she still reads version 1, told that a newer one is coming', async () => {
    await page.getByRole('button', { name: 'Approve', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Approve version 1' });
    await expect(dialog).toContainText('total with contingency €1,500.00 (15.00 hours)');
    await dialog.getByLabel('Your full name').fill('Sarah Connor');
    await dialog.getByRole('button', { name: 'Approve and sign' }).click();
    await expect(dialog).toBeHidden();
    const outcome = page.getByRole('status').filter({ hasText: 'Version 1: Approved by' });
    await expect(outcome).toContainText(
      'The studio is preparing a newer version. This page shows version 1 as you decided it.',
    );
    await expect(
      page.locator('#part-sections').getByText('Login page', { exact: true }),
    ).toBeVisible();
  });
});

test.describe('one clock', () => {
  // Her browser is in Tokyo; the studio's server and the test machine are on UTC.
  test.use({ timezoneId: 'Asia/Tokyo' });

  test('her first sign-in takes her browser’s zone; she picks another in Profile, and the app and the PDF follow', async ({
    page,
    request,
  }) => {
    test.setTimeout(scaled(90_000));
    const { id, token, client, estimate } = await clientWithEstimate(request, 'Tyrell', {
      name: 'Clock',
      safe_modifier: '1.00',
      item: { description: 'Pages', hours_low: '1', hours_high: '2' },
    });
    const version = await sendVersionViaApi(request, token, estimate.id);
    const member = await createVerifiedUser(request, 'tyrell', { first_name: 'Rachael' });
    await linkClientUser(request, token, client.id, member.user.id);
    const zoneOnServer = async () =>
      userSchema.parse(
        await (
          await request.get('/api/users/auth/', {
            headers: { Authorization: `Token ${member.token}` },
          })
        ).json(),
      ).time_zone;
    expect(await zoneOnServer()).toBeNull();

    await signInWithToken(page, member.token, `/estimates/${estimate.id}`);
    const banner = page.getByRole('region', { name: 'Version 1 is waiting for your approval' });

    await test.step('the first sign-in gives her account the browser’s zone, and times are on it', async () => {
      await expect.poll(zoneOnServer).toBe('Asia/Tokyo');
      await expect(banner).toContainText(`Sent ${formatMoment(version.sent_at, 'Asia/Tokyo')}`);
      await expect(banner).toContainText(
        `valid until ${formatMoment(version.valid_until, 'Asia/Tokyo', 'date')}`,
      );
    });

    await test.step('she chooses New York in Profile', async () => {
      await page.goto('/profile');
      const zone = page.getByLabel('Time zone');
      await expect(zone).toHaveValue('Asia/Tokyo');
      await zone.selectOption('America/New_York');
      // Her device still says Tokyo: the form offers it back, without choosing for her.
      await expect(page.getByRole('button', { name: 'Use Asia/Tokyo' })).toBeVisible();
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Your profile has been updated')).toBeVisible();
      expect(await zoneOnServer()).toBe('America/New_York');
    });

    await test.step('the estimate and its PDF are on New York’s clock, and the PDF says so', async () => {
      await page.goto(`/estimates/${estimate.id}`);
      await expect(banner).toContainText(
        `Sent ${formatMoment(version.sent_at, 'America/New_York')}`,
      );
      await page.goto(`/estimates/${estimate.id}/versions/${version.id}`);
      await expect(page.getByRole('heading', { level: 1, name: `Clock ${id}` })).toBeVisible();
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download PDF' }).click();
      const bytes = await readFile((await (await download).path())!);
      const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), {
        mergePages: true,
      });
      expect(text).toContain(
        `issued ${formatMoment(version.sent_at, 'America/New_York')} (America/New_York)`,
      );
    });
  });
});
