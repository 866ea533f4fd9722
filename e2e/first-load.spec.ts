import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { adminToken, signInWithToken } from './support/api';
import { createClientWithProjectViaApi } from './support/clients-api';
import { createEstimateViaApi, sendVersionViaApi } from './support/estimates-api';
import { createFlowsViaApi, createMilestoneViaApi } from './support/test-plans-api';

const auth = (token: string) => ({ Authorization: `Token ${token}` });

/**
 * Issue 30, what Lighthouse found on a first visit (decision 0055): the visitor screens download
 * nothing of the signed-in app, no page logs a CSP violation, the estimate page does not move
 * when its versions arrive, nor the test plan page when its runs do (decision 0057), and the
 * estimate's request does not wait for its route's chunk.
 */

/** Every `securitypolicyviolation` the page sees, in `globalThis.__csp`. */
const RECORD_CSP = `
  globalThis.__csp = [];
  document.addEventListener('securitypolicyviolation', (event) => {
    globalThis.__csp.push(event.violatedDirective + ' ' + event.blockedURI);
  });
`;

/** The layout shifts not caused by input, summed, in `globalThis.__cls` (as CLS counts them). */
const RECORD_CLS = `
  globalThis.__cls = 0;
  globalThis.__shifts = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.hadRecentInput) continue;
      globalThis.__cls += entry.value;
      globalThis.__shifts.push({
        value: entry.value,
        nodes: entry.sources.map((s) => s.node && s.node.nodeName + '.' + String(s.node.className).slice(0, 60)),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
`;

const scriptsOf = (page: Page) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
};

const estimateOfAdmin = async (page: Page, request: Parameters<typeof adminToken>[0]) => {
  const token = await adminToken(request);
  const { project } = await createClientWithProjectViaApi(request, token, {
    client: `First load ${randomUUID().slice(0, 6)}`,
    project: 'Platform',
  });
  const estimate = await createEstimateViaApi(
    request,
    token,
    { project: project.id, name: 'First load', description: 'A rebuild of the platform.' },
    Array.from({ length: 3 }, (_, s) => ({
      name: `Section ${s + 1}`,
      items: Array.from({ length: 4 }, (_, i) => ({
        description: `Item ${i + 1}`,
        hours_low: '2.00',
        hours_high: '4.00',
      })),
    })),
  );
  // Sent, then changed: the page shows the version and the changes since (the Versions card's
  // full height), as for an estimate under way with a client.
  await sendVersionViaApi(request, token, estimate.id);
  const item = (await request
    .get(`/api/estimates/${estimate.id}/`, { headers: auth(token) })
    .then((r) => r.json())) as { sections: { items: { id: number }[] }[] };
  const edited = await request.patch(`/api/estimate-items/${item.sections[0]!.items[0]!.id}/`, {
    headers: auth(token),
    data: { hours_high: '9.00' },
  });
  expect(edited.status(), await edited.text()).toBe(200);
  await signInWithToken(page, token, '/api/config/');
  return estimate;
};

/** A milestone of a new client's project with these flows, and a run of its plan started. */
const milestoneWithRun = async (
  request: Parameters<typeof adminToken>[0],
  token: string,
  flows: Parameters<typeof createFlowsViaApi>[3],
) => {
  const { project } = await createClientWithProjectViaApi(request, token, {
    client: `First load ${randomUUID().slice(0, 6)}`,
    project: 'Platform',
  });
  const milestone = await createMilestoneViaApi(request, token, {
    project: project.id,
    name: 'Beta',
  });
  await createFlowsViaApi(request, token, milestone.id, flows);
  const run = await request.post('/api/test-runs/', {
    headers: auth(token),
    data: { milestone: milestone.id },
  });
  expect(run.status(), await run.text()).toBe(201);
  return { milestone, run: (await run.json()) as { id: number } };
};

for (const path of [
  '/sign-up',
  '/password-reset',
  '/password-reset/MQ/abc-def',
  '/login',
  '/no-such-page',
]) {
  test(`${path} downloads no chunk of the signed-in app`, async ({ page }) => {
    const scripts = scriptsOf(page);
    await page.addInitScript(RECORD_CSP);
    await page.goto(path, { waitUntil: 'networkidle' });
    await expect(page.getByRole('main')).toBeVisible();
    expect(scripts.length).toBeGreaterThan(0);
    // tailwind-merge travels in the signed-in chunk: only signed-in screens merge classes (8 KB
    // gzip of /login's budget; decisions 0055, 0058).
    expect(scripts.filter((script) => /\/assets\/(signed-in|estimate|dnd)-/.test(script))).toEqual(
      [],
    );
    // zod's eval probe logged one on every page while the CSP forbids eval.
    expect(await page.evaluate('globalThis.__csp')).toEqual([]);
  });
}

test('a toast on /login (a Google sign-in that failed) downloads nothing of the signed-in app', async ({
  page,
}) => {
  const scripts = scriptsOf(page);
  await page.goto('/login#error=access_denied', { waitUntil: 'networkidle' });
  await expect(page.getByText('Google sign-in failed: access_denied')).toBeVisible();
  // The toast's code and icons (decision 0058): not the signed-in chunk with tailwind-merge.
  expect(scripts.some((script) => /\/assets\/toast-stack-/.test(script))).toBe(true);
  expect(
    scripts.filter((script) => /\/assets\/(signed-in|estimate|dnd|forms|zod)-/.test(script)),
  ).toEqual([]);
});

test('/login downloads neither zod nor the form library', async ({ page }) => {
  const scripts = scriptsOf(page);
  await page.goto('/login', { waitUntil: 'networkidle' });
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
  // The sign-in form checks its two fields by hand and reads the studio and config without
  // schemas (DESIGN §6: ≤ 130 KB); zod alone was 26 KB gzip of its first visit (decision 0055).
  expect(scripts.filter((script) => /\/assets\/(zod|forms|contract-users)-/.test(script))).toEqual(
    [],
  );
});

test.describe('the estimate page on a phone', () => {
  test.use({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });

  test('does not move when its versions arrive, and logs no CSP violation', async ({
    page,
    request,
  }) => {
    const estimate = await estimateOfAdmin(page, request);
    await page.addInitScript(RECORD_CLS);
    await page.addInitScript(RECORD_CSP);
    // The versions answer well after the estimate, as on a slow network.
    await page.route('**/api/estimate-versions/**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await page.goto(`/estimates/${estimate.id}`);
    await expect(page.getByText('Changes since version 1 (working copy)')).toBeVisible();
    await expect(
      page.getByRole('heading', { name: 'Section 1', exact: false }).first(),
    ).toBeVisible();
    // The frame after the versions' answer, and a little more for anything it set off.
    await page.waitForTimeout(500);
    const shifts = await page.evaluate('globalThis.__shifts');
    expect(await page.evaluate('globalThis.__cls'), JSON.stringify(shifts)).toBeLessThanOrEqual(
      0.02,
    );
    expect(await page.evaluate('globalThis.__csp')).toEqual([]);
  });
});

test('the test plan page does not move when its runs arrive', async ({ page, request }) => {
  const token = await adminToken(request);
  // A run, so the runs card above the plan lists it (the card's full height).
  const { milestone } = await milestoneWithRun(request, token, [
    { name: 'Sign in', steps: ['Open the page', 'Sign in'] },
    { name: 'Check out', steps: ['Add to the cart', 'Pay'] },
  ]);
  await signInWithToken(page, token, '/api/config/');
  await page.addInitScript(RECORD_CLS);
  // The runs answer well after the milestone and the plan, as on a slow network.
  await page.route(
    (url) => url.pathname === '/api/test-runs/',
    async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    },
  );
  await page.goto(`/milestones/${milestone.id}`);
  // Where the plan is as soon as it shows, and once the runs are there: the same place.
  const plan = page.getByRole('region', { name: 'Sign in', exact: true });
  await expect(plan).toBeVisible();
  const shownAt = (await plan.boundingBox())?.y;
  await expect(page.getByRole('list', { name: 'Test runs' })).toBeVisible();
  await page.waitForTimeout(300);
  expect((await plan.boundingBox())?.y).toBe(shownAt);
  const shifts = await page.evaluate('globalThis.__shifts');
  expect(await page.evaluate('globalThis.__cls'), JSON.stringify(shifts)).toBeLessThanOrEqual(0.02);
});

test("the estimate's request starts while its route's chunk is still on its way", async ({
  page,
  request,
}) => {
  const estimate = await estimateOfAdmin(page, request);
  const events: string[] = [];
  // The screen's chunk arrives late; its request must not wait for it.
  await page.route('**/assets/estimate-*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    events.push('estimate chunk answered');
    await route.continue();
  });
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === `/api/estimates/${estimate.id}/`) events.push('request');
  });
  await page.goto(`/estimates/${estimate.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'First load' })).toBeVisible();
  expect(events).toEqual(['request', 'estimate chunk answered']);
});

test("Home's request starts while its route's chunks are on their way, and is sent once", async ({
  page,
  request,
}) => {
  await signInWithToken(page, await adminToken(request), '/api/config/');
  const events: string[] = [];
  // Home's chunks arrive late; its request, which its largest paint waits for, must not wait.
  await page.route('**/assets/home-*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    events.push('home chunk answered');
    await route.continue();
  });
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/home/') events.push('request');
  });
  await page.goto('/home');
  await expect(page.getByRole('list', { name: 'Counts' })).toBeVisible();
  expect(events[0]).toBe('request');
  expect(events.filter((event) => event === 'request')).toHaveLength(1);
});

test('Home and a test run load neither the estimate screen nor drag and drop', async ({
  page,
  request,
}) => {
  const token = await adminToken(request);
  await signInWithToken(page, token, '/api/config/');
  const { run } = await milestoneWithRun(request, token, [
    { name: 'Sign in', steps: ['Open the page'] },
  ]);
  const scripts = scriptsOf(page);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });

  // Not 'networkidle': the notification stream stays open on a signed-in page.
  await page.goto('/home');
  await expect(page.getByRole('list', { name: 'Counts' })).toBeVisible();
  await page.goto(`/test-runs/${run.id}`);
  await expect(page.getByRole('heading', { name: 'Run 1', level: 1 })).toBeVisible();

  // The estimate's chunk and dnd-kit were 48 KB gzip of every signed-in first visit, and the
  // form library 15 KB; these two screens draw none of them (decision 0058). And the shared
  // layer's chunks load in an order that leaves no component undefined (React's error #130 when
  // they imported each other).
  expect(scripts.filter((script) => /\/assets\/(estimate|dnd|forms)-/.test(script))).toEqual([]);
  expect(scripts.some((script) => /\/assets\/signed-in-/.test(script))).toBe(true);
  expect(errors).toEqual([]);
});
