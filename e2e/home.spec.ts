import { mkdirSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { adminToken, signInWithToken } from './support/api';
import { seriousViolations } from './support/axe';
import { uniqueTag } from './support/leads-api';
import { createScreensData } from './support/screens-data';
import { scaled } from './support/time';

/**
 * Issue 19: the home screens per role, the command palette by keyboard only, the `?` shortcuts
 * and a sort that survives a reload. Screenshots of the home screens and the palette at both
 * sizes go to $SHOTS_DIR (default /tmp/home-shots) to be looked at.
 */
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/home-shots';
const SIZES = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

let tag: string;
let staffToken: string;
let memberToken: string;
let data: Awaited<ReturnType<typeof createScreensData>>;
let versionId: number;

const post = async (request: APIRequestContext, token: string, url: string, body: object) => {
  const res = await request.post(url, { headers: { Authorization: `Token ${token}` }, data: body });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number };
};

test.beforeAll(async ({ request }) => {
  mkdirSync(SHOTS, { recursive: true });
  tag = uniqueTag('home');
  staffToken = await adminToken(request);
  data = await createScreensData(request, staffToken, tag);
  memberToken = data.member.token;
  versionId = (await post(request, staffToken, `/api/estimates/${data.estimate.id}/send/`, {})).id;
  const items = await request.get(`/api/estimate-items/?estimate=${data.estimate.id}`, {
    headers: { Authorization: `Token ${staffToken}` },
  });
  const [item] = (await items.json()).results as { id: number }[];
  await post(request, memberToken, '/api/estimate-item-comments/', {
    item: item!.id,
    content: 'Could the wireframes cover the phone layout too?',
  });
  await post(request, staffToken, '/api/estimate-item-comments/', {
    item: item!.id,
    content: 'Yes — phone and desktop are both in.',
  });
});

const shoot = async (page: Page, name: string, ready: () => Promise<void>) => {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    // Loaded at that size, as a person on that screen would see it (the navigation closed).
    await page.reload();
    await ready();
    await page.screenshot({ path: `${SHOTS}/${name}-${size.name}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
};

const section = (page: Page, title: string) => page.getByRole('region', { name: title });

test('staff see what needs attention, with counts, each entry a link to its place', async ({
  page,
}) => {
  await signInWithToken(page, staffToken, '/estimates');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link').first()).toHaveText('Home');
  await nav.getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await expect(page).toHaveTitle('Home | Studio Portal');

  const counts = page.getByRole('list', { name: 'Counts' });
  await expect(counts.getByRole('link', { name: /New leads/ })).toBeVisible();
  // Other tests' records may be there too: this test's are the ones with its tag.
  const entry = (title: string, link: string) =>
    section(page, title).getByRole('listitem').filter({ hasText: tag }).getByRole('link', {
      name: link,
    });
  await expect(entry('New website leads', 'Ada Lovelace')).toBeVisible();
  await expect(
    section(page, 'Recent client comments').getByRole('link', {
      name: 'Could the wireframes cover the phone layout too?',
    }),
  ).toBeVisible();
  // Recent things read as relative times, the full date on hover.
  const time = section(page, 'Recent client comments').locator('time').first();
  await expect(time).toHaveText(/just now|ago/);
  await expect(time).toHaveAttribute('title', /^[A-Z][a-z]+ \d{1,2}, \d{4}, \d{1,2}:\d\d [AP]M$/);

  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'home-staff', async () => {
    await expect(entry('New website leads', 'Ada Lovelace')).toBeVisible();
  });

  await entry('Waiting for a client decision', 'Website').click();
  await expect(page).toHaveURL(new RegExp(`/estimates/${data.estimate.id}/versions/\\d+$`));
});

test('a client user sees their projects’ progress and what waits for them', async ({ page }) => {
  await signInWithToken(page, memberToken, '/home');
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  const projects = section(page, 'Your projects');
  await expect(projects.getByRole('link', { name: data.project.name })).toBeVisible();
  await expect(projects).toContainText('0 of 1 milestones signed off');
  await expect(section(page, 'Recent replies from the studio')).toContainText(
    'Yes — phone and desktop are both in.',
  );
  // Nothing of the studio's inbox.
  await expect(section(page, 'New website leads')).toHaveCount(0);

  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'home-client', async () => {
    await expect(projects).toBeVisible();
  });

  await section(page, 'Estimates waiting for your approval')
    .getByRole('link', { name: 'Website' })
    .click();
  await expect(page).toHaveURL(`/estimates/${data.estimate.id}/versions/${versionId}`);
});

test('the command palette works by keyboard alone, remembers recent records and returns focus', async ({
  page,
}) => {
  test.setTimeout(scaled(60_000));
  await signInWithToken(page, staffToken, '/home');
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).focus();

  await page.keyboard.press('Control+K');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await expect(palette).toBeVisible();
  const input = palette.getByRole('combobox', { name: 'Search' });
  await expect(input).toBeFocused();
  await expect(palette).toContainText('Type a name to search');
  await page.keyboard.type(tag);
  const options = palette.getByRole('option');
  // The client, its project and the lead (by email); in the order of their groups.
  await expect(options).toHaveCount(3);
  await expect(options.nth(0)).toContainText(`Axe ${tag}`);
  await expect(options.nth(0)).toHaveAttribute('aria-selected', 'true');
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'palette', async () => {
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    await page.keyboard.press('Control+K');
    await expect(input).toBeFocused();
    await page.keyboard.type(tag);
    await expect(options).toHaveCount(3);
  });
  // Home goes to the first result, wherever the pointer left the selection.
  await page.keyboard.press('Home');
  await expect(options.nth(0)).toHaveAttribute('aria-selected', 'true');

  await page.keyboard.press('ArrowDown');
  await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
  await expect(options.nth(1)).toContainText(data.project.name);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`/projects/${data.project.slug}`);
  await expect(palette).toHaveCount(0);

  // Next time, before typing: the project just opened.
  await page.keyboard.press('Control+K');
  await expect(input).toBeFocused();
  await expect(palette.getByRole('group', { name: 'Recent' }).getByRole('option')).toHaveText([
    new RegExp(data.project.name),
  ]);
  // Nothing found says so.
  await page.keyboard.type('zzz-nothing-has-this-name');
  await expect(palette).toContainText('No results for “zzz-nothing-has-this-name”.');
  await page.keyboard.press('Escape');
  await expect(palette).toHaveCount(0);

  // Esc gives focus back to where it was when the palette opened.
  const toggle = page.getByRole('button', { name: 'Toggle navigation' });
  await toggle.focus();
  await page.keyboard.press('Control+K');
  await expect(input).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(palette).toHaveCount(0);
  await expect(toggle).toBeFocused();

  // Opened with nothing focused (the focused control went away), Esc leaves the focus on the
  // Search button, not on <body> at the top of the page (issue 26).
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await expect(page.locator('body')).toBeFocused();
  await page.keyboard.press('Control+K');
  await expect(input).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(palette).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Search/ })).toBeFocused();
});

test('? opens the keyboard shortcuts, except while typing in a field', async ({ page }) => {
  await signInWithToken(page, staffToken, '/leads');
  await expect(page.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible();
  await page.locator('body').press('?');
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Open the command palette');
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  // `?` was pressed on the page itself: focus goes to the Search button, not to <body>.
  await expect(page.getByRole('button', { name: /^Search/ })).toBeFocused();

  const search = page.getByRole('searchbox').first();
  await search.click();
  await page.keyboard.type('what?');
  await expect(search).toHaveValue('what?');
  await expect(dialog).toHaveCount(0);
});

test('a sort chosen by a column header is in the URL and survives a reload', async ({ page }) => {
  await signInWithToken(page, staffToken, '/projects');
  const table = page.getByRole('table', { name: 'Projects' });
  await expect(table).toBeVisible();
  const client = table.getByRole('columnheader', { name: 'Client' });
  await expect(client).toHaveAttribute('aria-sort', 'none');
  await client.getByRole('button').click();
  await expect(page).toHaveURL(/\?ordering=client$/);
  await expect(client).toHaveAttribute('aria-sort', 'ascending');
  await client.getByRole('button').click();
  await expect(page).toHaveURL(/\?ordering=-client$/);
  await page.reload();
  await expect(table.getByRole('columnheader', { name: 'Client' })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  const clients = await table.locator('tbody tr td:nth-child(2)').allTextContents();
  expect(clients).toEqual(
    [...clients].sort((a, b) => b.localeCompare(a, undefined, { sensitivity: 'base' })),
  );

  // The estimates list shows total hours and sorts by them.
  await page.goto('/estimates?ordering=-total');
  const estimates = page.getByRole('table', { name: 'Estimates' });
  await expect(estimates.getByRole('columnheader', { name: 'Total hours' })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  const totals = (await estimates.locator('tbody tr td:nth-child(4)').allTextContents()).map(
    (text) => Number.parseFloat(text),
  );
  expect(totals.length).toBeGreaterThan(0);
  expect(totals).toEqual([...totals].sort((a, b) => b - a));
});

test('staff create a project from the projects list, choosing its client', async ({ page }) => {
  await signInWithToken(page, staffToken, '/projects');
  await page.getByRole('button', { name: 'Create Project' }).click();
  const drawer = page.getByRole('dialog', { name: 'Create Project' });
  await drawer.getByLabel('Client').selectOption({ label: `Axe ${tag}` });
  await drawer.getByLabel('Name').fill(`Listed ${tag}`);
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(drawer).toHaveCount(0);
  const row = page.getByRole('row', { name: new RegExp(`Listed ${tag}`) });
  await expect(row).toContainText(`Axe ${tag}`);
});
