import { expect, test, type Page } from '@playwright/test';
import { adminToken, signInWithToken } from './support/api';
import { seriousViolations } from './support/axe';
import { screenSettled } from './support/settled';
import { uniqueTag } from './support/leads-api';
import { createScreensData } from './support/screens-data';
import { sendVersionViaApi } from './support/estimates-api';
import { createFlowsViaApi, createMilestoneViaApi, runViaApi } from './support/test-plans-api';
import { scaled } from './support/time';

/**
 * axe-core over every screen, as staff, as a client user and signed out: no serious or critical
 * violation of WCAG 2 A/AA. Each screen is checked once its content has loaded.
 */
type Screens = { staff: string[]; member: string[]; visitor: string[] };
let screens: Screens;
let staffToken: string;
let memberToken: string;

test.beforeAll(async ({ request }) => {
  staffToken = await adminToken(request);
  const { project, estimate, milestone, canvas, client, member } = await createScreensData(
    request,
    staffToken,
    uniqueTag('a11y'),
  );
  memberToken = member.token;
  // What a client has in front of her on a real day: a version waiting for her approval, a run
  // waiting for her sign-off and one she can take part in.
  const version = await sendVersionViaApi(request, staffToken, estimate.id, 'For your review.');
  const waiting = await runViaApi(request, staffToken, milestone.id, { complete: true });
  const beta = await createMilestoneViaApi(request, staffToken, {
    project: project.id,
    name: 'Beta',
  });
  await createFlowsViaApi(request, staffToken, beta.id, [
    { name: 'Checkout', steps: ['Add to cart', 'Pay'] },
  ]);
  const running = await runViaApi(request, staffToken, beta.id, { complete: false });

  const shared = [
    '/',
    '/profile',
    '/estimates',
    `/estimates/${estimate.id}`,
    `/projects/${project.slug}`,
    `/milestones/${milestone.id}`,
  ];
  screens = {
    staff: [
      ...shared,
      '/clients',
      `/clients/${client.slug}`,
      '/projects',
      '/leads',
      '/activity',
      '/experimental',
      '/settings/studio',
      '/experimental/modeling',
      `/experimental/modeling/${canvas.id}`,
      '/no-such-page',
    ],
    member: [
      ...shared,
      '/home',
      '/projects',
      '/test-runs',
      '/profile?tab=notifications',
      '/profile?tab=security',
      `/estimates/${estimate.id}/versions/${version.id}`,
      `/test-runs/${waiting}/report`,
      `/test-runs/${running}`,
      '/no-such-page',
    ],
    visitor: ['/login', '/sign-up', '/password-reset', '/style-guide'],
  };
});

/** `/estimates/12?tab=x` → `estimates-12-tab-x`: a screenshot's name. */
const fileName = (path: string) => path.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'root';

/**
 * Every path signed in with `token` (or signed out), once its content has loaded: no serious or
 * critical axe violation. With `shots`, a full-page screenshot of each lands in the test's
 * output folder as `{shots}-{path}-{width}.png`, to look at.
 */
const audit = async (page: Page, token: string | null, paths: string[], shots?: string) => {
  const found: Record<string, string[]> = {};
  for (const path of paths) {
    if (token) await signInWithToken(page, token, path);
    else await page.goto(path);
    // The screen has rendered its content, not a spinner.
    await screenSettled(page);
    const problems = await seriousViolations(page);
    const width = page.viewportSize()?.width ?? 0;
    if (problems.length > 0) found[`${path} at ${width}px`] = problems;
    if (shots)
      await page.screenshot({
        path: test.info().outputPath(`${shots}-${fileName(path)}-${width}.png`),
        fullPage: true,
      });
  }
  expect(found).toEqual({});
};

test('every staff screen starts at the same left edge, and its names that link look like links', async ({
  page,
}) => {
  test.setTimeout(scaled(120_000));
  await page.setViewportSize({ width: 1440, height: 900 });
  // The canvas editor is the diagram edge to edge, and Page Not Found a message in the middle of
  // the window: pages without a frame.
  const framed = screens.staff.filter(
    (path) => !/^\/experimental\/modeling\/\d+$/.test(path) && path !== '/no-such-page',
  );
  const edges: Record<string, number | undefined> = {};
  for (const path of framed) {
    await signInWithToken(page, staffToken, path);
    await screenSettled(page);
    edges[path] = (await page.locator('h1').first().boundingBox())?.x;
    await page.screenshot({ path: test.info().outputPath(`frame-${fileName(path)}-1440.png`) });
  }
  const first = edges[framed[0] ?? ''];
  expect(first).toBeGreaterThan(0);
  expect(edges).toEqual(Object.fromEntries(framed.map((path) => [path, first])));

  // A name in a table is a link: it is coloured unlike the text around it, not found by hovering.
  for (const [path, table] of [
    ['/estimates', 'Estimates'],
    ['/clients', 'Clients'],
    ['/projects', 'Projects'],
  ] as const) {
    await signInWithToken(page, staffToken, path);
    const link = page.getByRole('table').first().getByRole('link').first();
    await expect(link, table).toBeVisible();
    const [linkColour, textColour] = await Promise.all([
      link.evaluate((el) => getComputedStyle(el).color),
      page
        .locator('h1')
        .first()
        .evaluate((el) => getComputedStyle(el).color),
    ]);
    expect(linkColour, `a ${table} link`).not.toBe(textColour);
  }
});

test('every staff screen has no serious or critical accessibility violation', async ({ page }) => {
  test.setTimeout(scaled(180_000));
  await audit(page, staffToken, screens.staff);
});

// Issue 25: the client's portal is looked at on a desktop and on a phone.
for (const [width, height] of [
  [1440, 900],
  [390, 844],
] as const)
  test(`every client user screen at ${width} × ${height} has no serious or critical accessibility violation`, async ({
    page,
  }) => {
    test.setTimeout(scaled(120_000));
    await page.setViewportSize({ width, height });
    await audit(page, memberToken, screens.member, 'client');
  });

test('the signed-out screens have no serious or critical accessibility violation', async ({
  page,
}) => {
  test.setTimeout(scaled(60_000));
  await audit(page, null, screens.visitor);
});

test('the command palette, empty and with results, has no serious or critical violation', async ({
  page,
}) => {
  await signInWithToken(page, staffToken, '/estimates');
  await screenSettled(page);
  await page.getByRole('button', { name: /^Search/ }).click();
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  const input = palette.getByRole('combobox');
  await expect(input).toBeFocused();
  // Nothing typed and nothing opened from it yet: a hint, and no empty listbox.
  await expect(palette.getByText('Type a name to search.')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await input.fill('a11y');
  await expect(palette.getByRole('option').first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await input.fill('no such record anywhere');
  await expect(palette.getByText('No results for “no such record anywhere”.')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // Esc closes it, and focus goes back to the button that opened it.
  await page.keyboard.press('Escape');
  await expect(palette).toBeHidden();
  await expect(page.getByRole('button', { name: /^Search/ })).toBeFocused();
});
