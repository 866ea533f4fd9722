import { expect, test, type Page } from '@playwright/test';
import { impersonateResponseSchema } from '@portal/contract/users';
import { adminToken, apiLogin, createVerifiedUser, signInWithToken } from './support/api';
import { seriousViolations } from './support/axe';
import { createClientViaApi, createProjectViaApi } from './support/clients-api';
import { createEstimateViaApi, linkClientUser } from './support/estimates-api';
import { createLead, uniqueTag } from './support/leads-api';
import { scaled } from './support/time';

/**
 * Issue 17, the activity history: staff change something and see it in the project's Activity;
 * staff acting as a client user comment and the entry reads "Studio Admin as …"; the client user
 * sees only their own client's entries; the studio-wide page filters and passes axe.
 */

const activity = (page: Page) => page.getByRole('region', { name: 'Activity' });

const shoot = async (page: Page, name: string) => {
  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    // The narrow layout opens the navigation over the page; a person would close it first.
    const toggle = page.getByRole('button', { name: 'Toggle navigation' });
    if (width < 1024 && (await toggle.getAttribute('aria-expanded')) === 'true')
      await toggle.click();
    await page.screenshot({ path: `test-results/activity-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  const toggle = page.getByRole('button', { name: 'Toggle navigation' });
  if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
};

test.setTimeout(scaled(90_000));

test('staff see their changes, impersonated comments and the studio-wide history', async ({
  page,
  request,
}) => {
  const tag = uniqueTag('act');
  const token = await adminToken(request);
  const client = await createClientViaApi(request, token, `Initech ${tag}`);
  const other = await createClientViaApi(request, token, `Umbrella ${tag}`);
  const project = await createProjectViaApi(request, token, {
    client: client.id,
    name: `Initech Site ${tag}`,
  });
  await createProjectViaApi(request, token, { client: other.id, name: `Umbrella App ${tag}` });
  const estimate = await createEstimateViaApi(
    request,
    token,
    { project: project.id, name: `Relaunch ${tag}`, description: 'The new site.' },
    [{ name: 'Design', items: [{ description: 'Wireframes', hours_low: '4', hours_high: '8' }] }],
  );
  const member = await createVerifiedUser(request, `${tag}-peter`, {
    first_name: 'Peter',
    last_name: 'Gibbons',
  });
  await linkClientUser(request, token, client.id, member.user.id);

  await test.step('staff add a note and see it in the project’s Activity', async () => {
    await signInWithToken(page, token, `/projects/${project.slug}`);
    await page.getByRole('button', { name: 'Add Note' }).click();
    const drawer = page.getByRole('dialog', { name: 'Add Note' });
    await drawer.getByLabel('Note').fill('Kick-off booked for Monday');
    await drawer.getByRole('button', { name: 'Save' }).click();
    await expect(drawer).toBeHidden();
    const entry = activity(page).getByRole('listitem').first();
    await expect(entry).toContainText('Studio Admin created the note Kick-off booked for Monday');
    // One clock (decision 0048): "just now", then "… ago"; the exact moment on hover.
    await expect(entry.locator('time')).toHaveText(/^just now$|ago$/);
    await expect(entry.locator('time')).toHaveAttribute(
      'title',
      /^[A-Z][a-z]+ \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M$/,
    );
    await expect(activity(page).getByText(`created the project Initech Site ${tag}`)).toBeVisible();
    await shoot(page, 'project');
  });

  await test.step('staff acting as the client user comment; the entry says who really did', async () => {
    const impersonation = await request.get(`/api/users/${member.user.id}/impersonate/`, {
      headers: { Authorization: `Token ${token}` },
    });
    expect(impersonation.status()).toBe(200);
    const { token: asMember } = impersonateResponseSchema.parse(await impersonation.json());
    await page.evaluate((value) => localStorage.setItem('impersonate', value), asMember);
    await page.goto(`/estimates/${estimate.id}`);
    await page.getByRole('button', { name: 'Wireframes' }).click();
    const drawer = page.getByRole('dialog', { name: 'Estimate Item' });
    await drawer.getByLabel('New comment').fill('Two rounds of wireframes, please');
    await drawer.getByRole('button', { name: 'Comment' }).click();
    await expect(drawer.getByText('Two rounds of wireframes, please')).toBeVisible();
    await page.keyboard.press('Escape');
    const entry = activity(page).getByRole('listitem').first();
    await expect(entry).toContainText(
      'Studio Admin as Peter Gibbons commented on item “Wireframes” of the estimate',
    );
    await expect(entry).toContainText('Two rounds of wireframes, please');
    await expect(entry.getByRole('link', { name: `Relaunch ${tag}` })).toHaveAttribute(
      'href',
      `/estimates/${estimate.id}`,
    );
    await shoot(page, 'estimate');
    await page.evaluate(() => localStorage.removeItem('impersonate'));
  });

  await test.step('a lead’s drawer and a client’s page have their Activity too', async () => {
    const lead = await createLead(request, token, {
      first_name: 'Bill',
      last_name: 'Lumbergh',
      email: `${tag}@initech.example`,
    });
    const moved = await request.patch(`/api/leads/${lead.id}/`, {
      headers: { Authorization: `Token ${token}` },
      data: { status: 'contacted' },
    });
    expect(moved.status()).toBe(200);
    await page.goto(`/leads?search=${tag}`);
    await page.getByRole('button', { name: 'Bill Lumbergh' }).click();
    const drawer = page.getByRole('dialog', { name: 'Update Lead' });
    const section = drawer.getByRole('region', { name: 'Activity' });
    await expect(section.getByRole('listitem').first()).toContainText(
      'Studio Admin moved the lead Bill Lumbergh from New to Contacted',
    );
    await page.keyboard.press('Escape');
    await page.goto(`/clients/${client.slug}`);
    await expect(
      activity(page).getByText(`Studio Admin created the client Initech ${tag}`),
    ).toBeVisible();
    await expect(activity(page).getByText(`Peter Gibbons`).first()).toBeVisible();
    await shoot(page, 'client');
  });

  await test.step('the studio-wide page filters by client and by person', async () => {
    await page.goto('/estimates');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Activity' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Activity' })).toBeVisible();
    const feed = page.getByRole('list', { name: 'Activity' });
    // Each client's history through the filter: the studio-wide first page is the newest
    // entries of every test running beside this one, where this file's may be on page two.
    await page.getByLabel('Client').selectOption({ label: `Umbrella ${tag}` });
    await expect(page).toHaveURL(new RegExp(`client=${other.id}`));
    await expect(feed.getByText(`Umbrella App ${tag}`).first()).toBeVisible();
    await expect(feed.getByText('Kick-off booked for Monday')).toHaveCount(0);
    await page.getByLabel('Client').selectOption({ label: `Initech ${tag}` });
    await expect(page).toHaveURL(new RegExp(`client=${client.id}`));
    await expect(feed.getByText(`Umbrella App ${tag}`)).toHaveCount(0);
    await expect(feed.getByText('Kick-off booked for Monday')).toBeVisible();
    await page.getByLabel('Project').selectOption({ label: `Initech Site ${tag}` });
    await expect(page).toHaveURL(new RegExp(`project=${project.id}`));
    await feed.getByRole('button', { name: 'Studio Admin as Peter Gibbons' }).click();
    await expect(page).toHaveURL(new RegExp(`actor=${member.user.id}`));
    await expect(feed.getByRole('listitem')).toHaveCount(1);
    await shoot(page, 'studio');
    await page.getByRole('button', { name: 'Everyone' }).click();
    await expect(feed.getByRole('listitem')).not.toHaveCount(1);

    expect(await seriousViolations(page)).toEqual([]);
  });

  await test.step('sign-ins stay out of the studio page until one click asks for them', async () => {
    // A new member of staff whose only entry is signing in.
    const colleague = await createVerifiedUser(request, `${tag}-bill`, {
      first_name: 'Bill',
      last_name: 'Lumbergh',
    });
    const promote = await request.patch(`/api/users/${colleague.user.id}/`, {
      headers: { Authorization: `Token ${token}` },
      multipart: { is_superuser: 'true' },
    });
    expect(promote.status(), await promote.text()).toBe(200);
    await apiLogin(request, colleague.email, colleague.password);
    await page.goto(`/activity?actor=${colleague.user.id}`);
    await expect(page.getByText('Nothing matches these filters yet.')).toBeVisible();
    const show = page.getByRole('checkbox', { name: 'Show sign-ins' });
    await expect(show).not.toBeChecked();
    await show.check();
    await expect(page).toHaveURL(/sign_ins=true/);
    const feed = page.getByRole('list', { name: 'Activity' });
    await expect(feed.getByRole('listitem')).toHaveCount(1);
    await expect(feed.getByRole('listitem')).toContainText('Bill Lumbergh signed in');
    await show.uncheck();
    await expect(page.getByText('Nothing matches these filters yet.')).toBeVisible();
  });

  await test.step('the client user sees only their own client’s project entries', async () => {
    await signInWithToken(page, member.token, `/projects/${project.slug}`);
    const feed = activity(page);
    await expect(feed.getByText('Kick-off booked for Monday')).toBeVisible();
    await expect(feed.getByText('Studio Admin as Peter Gibbons commented')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link')).toHaveText([
      'Home',
      'Projects',
      'Estimates',
      'Test runs',
    ]);
    const mine = await request.get('/api/activity/?page_size=100', {
      headers: { Authorization: `Token ${member.token}` },
    });
    const entries = (await mine.json()) as { results: { client: { id: number } | null }[] };
    expect(entries.results.length).toBeGreaterThan(0);
    expect(entries.results.every((e) => e.client?.id === client.id)).toBe(true);
    await page.goto('/activity');
    await expect(page.getByRole('heading', { level: 1, name: 'Activity' })).toHaveCount(0);
  });
});
