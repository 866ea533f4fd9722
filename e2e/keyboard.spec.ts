/// <reference lib="dom" />
// The page.evaluate callbacks below run in the browser.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { adminToken, signInWithToken } from './support/api';
import { screenSettled } from './support/settled';
import { createLead, uniqueTag } from './support/leads-api';
import { createEstimateViaApi } from './support/estimates-api';
import { createScreensData } from './support/screens-data';
import { scaled } from './support/time';

/**
 * Issue 14, keyboard and focus: on every main screen Tab reaches each visible, enabled control
 * (no trap, nothing left out), each shows a visible focus indicator, and each icon-only button is
 * named; dialogs and drawers opened from the keyboard keep focus inside, close on Escape and give
 * focus back to the control that opened them.
 */
let staffToken: string;
/** The lead whose drawer the dialog test opens: its own, found by search whatever others add. */
let leadName: string;
type Screen =
  | 'estimates'
  | 'estimate'
  | 'clients'
  | 'client'
  | 'projects'
  | 'project'
  | 'leads'
  | 'milestone'
  | 'run'
  | 'canvases'
  | 'profile';
const paths = {} as Record<Screen, string>;

test.beforeAll(async ({ request }) => {
  staffToken = await adminToken(request);
  const { client, project, estimate, milestone } = await createScreensData(
    request,
    staffToken,
    uniqueTag('kbd'),
  );
  const run = await request.post('/api/test-runs/', {
    headers: { Authorization: `Token ${staffToken}` },
    data: { milestone: milestone.id },
  });
  expect(run.status(), await run.text()).toBe(201);
  const lead = await createLead(request, staffToken, {
    first_name: 'Ada',
    last_name: uniqueTag('Keys'),
    email: `${uniqueTag('ada')}@keyboard.example`,
  });
  leadName = `${lead.first_name} ${lead.last_name}`;

  Object.assign(paths, {
    estimates: '/estimates',
    estimate: `/estimates/${estimate.id}`,
    clients: '/clients',
    client: `/clients/${client.slug}`,
    projects: '/projects',
    project: `/projects/${project.slug}`,
    leads: '/leads',
    milestone: `/milestones/${milestone.id}`,
    run: `/test-runs/${((await run.json()) as { id: number }).id}`,
    canvases: '/experimental/modeling',
    profile: '/profile',
  });
});

/** Marks every control Tab should reach and records how each looks unfocused. */
const markControls = (page: Page) =>
  page.evaluate(() => {
    const selector =
      'a[href], button, input:not([type=hidden]), select, textarea, [tabindex], [contenteditable=true]';
    const look = (el: Element) => {
      const s = getComputedStyle(el);
      return [s.outlineStyle, s.outlineWidth, s.outlineColor, s.boxShadow, s.borderColor].join('|');
    };
    const radioGroups = new Set<string>();
    let count = 0;
    for (const el of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
      el.removeAttribute('data-kbd');
      if (el.tabIndex < 0 || el.closest('[inert], [aria-hidden=true]')) continue;
      if ((el as HTMLButtonElement).disabled) continue;
      const rect = el.getBoundingClientRect();
      const visible =
        el.checkVisibility({ visibilityProperty: true, opacityProperty: false }) &&
        rect.width > 0 &&
        rect.height > 0;
      if (!visible) continue;
      // Only one radio of a group is in the tab order (the checked one, or the first).
      if (el instanceof HTMLInputElement && el.type === 'radio' && el.name) {
        if (radioGroups.has(el.name)) continue;
        radioGroups.add(el.name);
      }
      el.dataset.kbd = String(count++);
      el.dataset.kbdLook = look(el) + '#' + (el.parentElement ? look(el.parentElement) : '');
    }
    return count;
  });

type Stop = { id: string | null; tag: string; label: string; indicator: boolean };

/** Where focus is now, and whether it looks different from the element unfocused. */
const focused = (page: Page) =>
  page.evaluate((): Stop => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { id: null, tag: 'body', label: '', indicator: true };
    const look = (node: Element) => {
      const s = getComputedStyle(node);
      return [s.outlineStyle, s.outlineWidth, s.outlineColor, s.boxShadow, s.borderColor].join('|');
    };
    const now = look(el) + '#' + (el.parentElement ? look(el.parentElement) : '');
    const label = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40);
    return {
      // A roving-focus container (Radix tabs) hands focus on to its active item: that reaches it.
      id: el.closest<HTMLElement>('[data-kbd]')?.dataset.kbd ?? null,
      tag: el.tagName.toLowerCase(),
      label,
      indicator: el.dataset.kbdLook === undefined || el.dataset.kbdLook !== now,
    };
  });

/** Icon-only buttons (no text) without an accessible name. */
const unnamedIconButtons = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('button, [role=button], a[href]'))
      .filter((el) => el.checkVisibility() && (el.textContent ?? '').trim() === '')
      .filter((el) => {
        const labelledBy = (el.getAttribute('aria-labelledby') ?? '')
          .split(/\s+/)
          .map((id) => document.getElementById(id)?.textContent?.trim() ?? '')
          .join('');
        return !(el.getAttribute('aria-label')?.trim() || labelledBy || el.title.trim());
      })
      .map((el) => el.outerHTML.slice(0, 120)),
  );

/** Tabs from the top of the page round to the start again, noting every stop. */
const tabThrough = async (page: Page) => {
  const expected = await markControls(page);
  await page.locator('body').focus();
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const reached = new Set<string>();
  const noIndicator: string[] = [];
  let stops = 0;
  for (let i = 0; i < expected + 10; i++) {
    await page.keyboard.press('Tab');
    const stop = await focused(page);
    if (stop.id === null && stop.tag === 'body') {
      if (stops > 0) break; // round the page and out: no trap
      continue;
    }
    stops++;
    if (stop.id !== null) {
      if (reached.has(stop.id)) break; // back at the start (focus wrapped to the first control)
      reached.add(stop.id);
    }
    if (!stop.indicator) noIndicator.push(`${stop.tag} "${stop.label}"`);
  }
  const missed = await page.evaluate(
    (ids) =>
      Array.from(document.querySelectorAll<HTMLElement>('[data-kbd]'))
        .filter((el) => !ids.includes(el.dataset.kbd ?? ''))
        .map(
          (el) =>
            `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`,
        ),
    [...reached],
  );
  return { expected, reached: reached.size, missed, noIndicator };
};

const screens: (Screen | 'leads board')[] = [
  'estimates',
  'estimate',
  'clients',
  'client',
  'projects',
  'project',
  'leads',
  'leads board',
  'milestone',
  'run',
  'canvases',
  'profile',
];

test('Tab reaches every control of every main screen, each with a visible focus', async ({
  page,
}) => {
  test.setTimeout(scaled(90_000));
  const problems: Record<string, unknown> = {};
  for (const screen of screens) {
    if (screen === 'leads board') {
      // The page remembers the view; load it afresh so Tab starts from the top.
      await page.getByRole('button', { name: 'Board', exact: true }).click();
      await page.goto(paths.leads);
      await expect(page.getByRole('button', { name: 'Board', exact: true })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
    } else {
      await signInWithToken(page, staffToken, paths[screen]);
    }
    // The screen has rendered its content, not a spinner.
    await screenSettled(page);
    const result = await tabThrough(page);
    const unnamed = await unnamedIconButtons(page);
    expect(result.expected, screen).toBeGreaterThan(3);
    if (result.missed.length || result.noIndicator.length || unnamed.length) {
      problems[screen] = { missed: result.missed, noIndicator: result.noIndicator, unnamed };
    }
  }
  expect(problems).toEqual({});
});

test('the focus check notices a control whose focus does not show', async ({ page }) => {
  await signInWithToken(page, staffToken, paths.profile);
  await expect(page.locator('h1').first()).toBeVisible();
  await page.addStyleTag({
    content: '*:focus, *:focus-visible { outline: none !important; box-shadow: none !important; }',
  });
  const result = await tabThrough(page);
  expect(result.missed).toEqual([]);
  expect(result.noIndicator.length).toBeGreaterThan(0);
});

/** Opens a dialog with the keyboard, checks the trap, Escape and the return of focus. */
const checkDialog = async (page: Page, opener: Locator, dialog: Locator) => {
  await opener.focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await expect(dialog.locator(':focus')).toHaveCount(1);
  const inside = () => dialog.evaluate((el) => el.contains(document.activeElement));
  const controls = await dialog
    .locator('a[href], button:not(:disabled), input, select, textarea, [tabindex="0"]')
    .count();
  for (let i = 0; i < controls + 2; i++) {
    await page.keyboard.press('Tab');
    expect(await inside(), `Tab ${i + 1} stays in the dialog`).toBe(true);
  }
  for (let i = 0; i < controls + 2; i++) {
    await page.keyboard.press('Shift+Tab');
    expect(await inside(), `Shift+Tab ${i + 1} stays in the dialog`).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
};

test('dialogs and drawers trap focus, close on Escape and give focus back', async ({ page }) => {
  test.setTimeout(scaled(45_000));

  await signInWithToken(page, staffToken, paths.project);
  await checkDialog(
    page,
    page.getByRole('button', { name: 'Add Note' }),
    page.getByRole('dialog', { name: 'Add Note' }),
  );
  await checkDialog(
    page,
    page.getByRole('button', { name: 'Delete Launch' }),
    page.getByRole('dialog', { name: 'Delete milestone' }),
  );

  await signInWithToken(page, staffToken, paths.estimate);
  await checkDialog(
    page,
    page.getByRole('button', { name: 'Send to client' }),
    page.getByRole('dialog', { name: 'Send to client' }),
  );

  await signInWithToken(page, staffToken, `${paths.leads}?search=${encodeURIComponent(leadName)}`);
  await page.getByRole('button', { name: 'List' }).click();
  const lead = page.getByRole('button', { name: leadName });
  await checkDialog(page, lead, page.getByRole('dialog'));
});

test('an estimate’s total is fewer than 25 Tab stops from the top, through its index', async ({
  page,
  request,
}) => {
  const { project } = await createScreensData(request, staffToken, uniqueTag('jump'));
  // Four sections of three items, as the demo estimate: 63 Tab stops to the total before.
  const sections = ['Discovery', 'Design', 'Build', 'Launch'].map((name) => ({
    name,
    items: [1, 2, 3].map((n) => ({
      description: `${name} task ${n}`,
      hours_low: '2',
      hours_high: '4',
    })),
  }));
  const estimate = await createEstimateViaApi(
    request,
    staffToken,
    { project: project.id, name: 'Four sections', description: 'A long estimate.' },
    sections,
  );
  await signInWithToken(page, staffToken, `/estimates/${estimate.id}`);
  await screenSettled(page);
  const total = page.getByRole('navigation', { name: 'On this estimate' }).getByRole('link', {
    name: 'Total',
  });
  let stops = 0;
  while (!(await total.evaluate((el) => el === document.activeElement))) {
    await page.keyboard.press('Tab');
    stops += 1;
    expect(stops, 'Tab never reached the index').toBeLessThan(25);
  }
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  stops += 1;
  // The first control after the Total: the price form's rate, for staff.
  await expect(page.getByLabel('Hourly rate')).toBeFocused();
  // The part lands below the sticky top bar, its heading in sight.
  const heading = await page.getByRole('heading', { name: 'Total', level: 2 }).boundingBox();
  const bar = await page.getByRole('banner').boundingBox();
  expect(heading?.y).toBeGreaterThanOrEqual((bar?.y ?? 0) + (bar?.height ?? 0));
  expect(stops).toBeLessThan(25);
});
