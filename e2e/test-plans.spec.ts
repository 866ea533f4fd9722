import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { adminToken, createVerifiedUser, signInAsAdmin, signInWithToken } from './support/api';
import { createClientWithProjectViaApi } from './support/clients-api';
import { drag } from './support/drag';
import { linkClientUser } from './support/estimates-api';
import {
  createFlowsViaApi,
  createMilestoneViaApi,
  planOf,
  planShape,
} from './support/test-plans-api';
import { scaled } from './support/time';

/**
 * Issue 5 end to end: staff and a client user build a milestone's test plan — flows and steps
 * added and edited inline (Enter, Escape, Shift+Enter, blur), step types toggled, flows moved
 * with the buttons and by dragging, a step dragged into another flow, a flow deleted — and the
 * table of contents follows the flow in view, `?flow=` deep links land on their flow, and
 * Collapse All / Expand All work. The server's state is checked after the changes that matter.
 */

const run = () => randomUUID().slice(0, 6);

const flow = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const steps = (page: Page, name: string) =>
  flow(page, name)
    .getByRole('list', { name: `Steps of ${name}` })
    .getByRole('listitem', { name: /^Step \d+$/ });
const stepText = (page: Page, name: string, n: number) =>
  flow(page, name)
    .getByRole('listitem', { name: `Step ${n}`, exact: true })
    .locator('[data-step-text]');
const flowTitles = (page: Page) => page.locator('.test-flow h2').allTextContents();
const toc = (page: Page) => page.getByRole('navigation', { name: 'Table of contents' });

/** A project of a new client, with one milestone. */
const seedMilestone = async (request: APIRequestContext, token: string, label: string) => {
  const id = run();
  const { client, project } = await createClientWithProjectViaApi(request, token, {
    client: `${label} ${id}`,
    project: `${label} App ${id}`,
  });
  const milestone = await createMilestoneViaApi(request, token, {
    project: project.id,
    name: `Beta ${id}`,
  });
  return { client, project, milestone };
};

/** Adds a flow from the button at the bottom of the plan; its new-step editor opens. */
const addFlow = async (page: Page, name: string) => {
  await page.getByRole('button', { name: 'Add flow', exact: true }).click();
  await page.getByLabel('New flow name').fill(name);
  await page.getByLabel('New flow name').press('Enter');
  await expect(flow(page, name)).toBeVisible();
  await expect(flow(page, name).getByLabel('New step description')).toBeFocused();
};

/**
 * What staff and client users alike do to a plan: add flows and steps, edit them inline with
 * Enter, Escape, Shift+Enter and blur, and toggle a step's type; checked on the server too.
 */
const buildAndEditInline = async (
  page: Page,
  request: APIRequestContext,
  token: string,
  milestoneId: number,
) => {
  await test.step('add flows and steps: Enter adds and clears for the next, blur adds and closes', async () => {
    await expect(page.getByText('No flows yet', { exact: true })).toBeVisible();
    await addFlow(page, 'Sign in');
    const draft = flow(page, 'Sign in').getByLabel('New step description');
    await draft.fill('Open [the app](https://app.example/login)');
    await draft.press('Enter');
    await expect(stepText(page, 'Sign in', 1)).toHaveText('Open the app');
    // The editor stays, empty, for the next step; Shift+Enter is a new line inside it.
    await expect(draft).toHaveValue('');
    await expect(draft).toBeFocused();
    await draft.pressSequentially('The dashboard shows');
    await draft.press('Shift+Enter');
    await draft.pressSequentially('- **Welcome back**');
    await draft.press('Enter');
    await expect(stepText(page, 'Sign in', 2).getByRole('strong')).toHaveText('Welcome back');
    // An empty new step is not created: Enter on nothing closes the editor.
    await draft.press('Enter');
    await expect(draft).toBeHidden();
    await expect(steps(page, 'Sign in')).toHaveCount(2);

    await addFlow(page, 'Checkout');
    const second = flow(page, 'Checkout').getByLabel('New step description');
    await second.fill('Pay with a test card');
    // Leaving the editor saves a non-empty step and closes the editor.
    await page.getByRole('heading', { level: 1 }).click();
    await expect(stepText(page, 'Checkout', 1)).toHaveText('Pay with a test card');
    await expect(second).toBeHidden();

    expect(await planShape(request, token, milestoneId)).toEqual([
      [
        'Sign in',
        [
          'VERIFY Open [the app](https://app.example/login)',
          'VERIFY The dashboard shows\n- **Welcome back**',
        ],
      ],
      ['Checkout', ['VERIFY Pay with a test card']],
    ]);
  });

  await test.step('edit a step inline: Escape cancels, Enter saves, blur saves, empty is not saved', async () => {
    const row = flow(page, 'Checkout').getByRole('listitem', { name: 'Step 1', exact: true });
    await row.hover();
    await row.getByRole('button', { name: 'Edit step' }).click();
    const editor = flow(page, 'Checkout').getByLabel('Step 1 description');
    await expect(editor).toHaveValue('Pay with a test card');
    await editor.fill('Something else');
    await editor.press('Escape');
    await expect(editor).toBeHidden();
    await expect(stepText(page, 'Checkout', 1)).toHaveText('Pay with a test card');

    // A click on the text edits it too.
    await stepText(page, 'Checkout', 1).click();
    await editor.fill('Pay with card 4242');
    await editor.press('Shift+Enter');
    await editor.pressSequentially('and confirm 3-D Secure');
    await editor.press('Enter');
    await expect(editor).toBeHidden();
    await expect(stepText(page, 'Checkout', 1)).toHaveText(
      'Pay with card 4242\nand confirm 3-D Secure',
    );

    await stepText(page, 'Checkout', 1).click();
    await editor.fill('Pay with card 4242 and confirm 3-D Secure');
    await page.getByRole('heading', { level: 1 }).click();
    await expect(editor).toBeHidden();
    await expect(stepText(page, 'Checkout', 1)).toHaveText(
      'Pay with card 4242 and confirm 3-D Secure',
    );

    await stepText(page, 'Checkout', 1).click();
    await editor.fill('   ');
    await editor.press('Enter');
    await expect(editor).toBeHidden();
    await expect(stepText(page, 'Checkout', 1)).toHaveText(
      'Pay with card 4242 and confirm 3-D Secure',
    );
  });

  await test.step('rename a flow inline: Escape cancels, Enter saves', async () => {
    await flow(page, 'Checkout').getByRole('button', { name: 'Edit flow name' }).click();
    const name = page.getByLabel('Flow name', { exact: true });
    await name.fill('Pay');
    await name.press('Escape');
    await expect(flow(page, 'Checkout')).toBeVisible();
    await flow(page, 'Checkout').getByRole('button', { name: 'Edit flow name' }).click();
    await name.fill('Check out');
    await name.press('Enter');
    await expect(flow(page, 'Check out')).toBeVisible();
  });

  await test.step('change a step type with its badge', async () => {
    // An explicit choice now, not a one-click toggle (issue 19).
    const badge = flow(page, 'Sign in')
      .getByRole('listitem', { name: 'Step 1', exact: true })
      .getByRole('combobox', { name: 'Type of step 1' });
    await expect(badge).toHaveValue('VERIFY');
    await badge.selectOption('INTERACT');
    await expect(badge).toHaveValue('INTERACT');
    await expect
      .poll(() => planShape(request, token, milestoneId))
      .toEqual([
        [
          'Sign in',
          [
            'INTERACT Open [the app](https://app.example/login)',
            'VERIFY The dashboard shows\n- **Welcome back**',
          ],
        ],
        ['Check out', ['VERIFY Pay with card 4242 and confirm 3-D Secure']],
      ]);
  });

  await test.step('a Markdown link opens in a new tab, without a hold on this page', async () => {
    const link = stepText(page, 'Sign in', 1).getByRole('link', { name: 'the app' });
    await expect(link).toHaveAttribute('href', 'https://app.example/login');
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    await page
      .context()
      .route('https://app.example/**', (route) =>
        route.fulfill({ contentType: 'text/html', body: '<title>App</title>' }),
      );
    const [popup] = await Promise.all([page.waitForEvent('popup'), link.click()]);
    await expect(popup).toHaveURL('https://app.example/login');
    expect(await popup.evaluate('window.opener === null')).toBe(true);
    await popup.close();
    // Following the link did not start editing the step.
    await expect(flow(page, 'Sign in').getByLabel('Step 1 description')).toHaveCount(0);
  });
};

test('staff build a test plan, reorder flows by button and drag, move a step, delete a flow', async ({
  page,
  request,
}) => {
  test.setTimeout(scaled(150_000));
  const token = await adminToken(request);
  const { project, milestone } = await seedMilestone(request, token, 'Initrode');

  await signInAsAdmin(page, request, `/milestones/${milestone.id}`);
  await expect(
    page.getByRole('heading', { name: `${milestone.name} Test Plan`, level: 1 }),
  ).toBeVisible();
  await expect(page).toHaveTitle(`${milestone.name} Test Plan | Studio Portal`);
  await expect(page.getByRole('link', { name: project.name })).toHaveAttribute(
    'href',
    `/projects/${project.slug}`,
  );

  await buildAndEditInline(page, request, token, milestone.id);

  await test.step('move flows with the buttons', async () => {
    await addFlow(page, 'Sign out');
    const draft = flow(page, 'Sign out').getByLabel('New step description');
    await draft.fill('Click **Log out**');
    await draft.press('Enter');
    await expect(stepText(page, 'Sign out', 1)).toHaveText('Click Log out');
    await draft.press('Escape');
    await expect(draft).toBeHidden();
    expect(await flowTitles(page)).toEqual(['Sign in', 'Check out', 'Sign out']);
    await expect(
      flow(page, 'Sign in').getByRole('button', { name: "Move flow 'Sign in' up" }),
    ).toBeDisabled();
    await expect(
      flow(page, 'Sign out').getByRole('button', { name: "Move flow 'Sign out' down" }),
    ).toBeDisabled();

    await flow(page, 'Sign in').getByRole('button', { name: "Move flow 'Sign in' down" }).click();
    await expect.poll(() => flowTitles(page)).toEqual(['Check out', 'Sign in', 'Sign out']);
    await flow(page, 'Sign out').getByRole('button', { name: "Move flow 'Sign out' up" }).click();
    await expect.poll(() => flowTitles(page)).toEqual(['Check out', 'Sign out', 'Sign in']);
    await expect
      .poll(async () => (await planOf(request, token, milestone.id)).map((f) => f.name))
      .toEqual(['Check out', 'Sign out', 'Sign in']);
    // The table of contents lists them in the same order.
    await expect(toc(page).getByRole('link')).toHaveText([/Check out/, /Sign out/, /Sign in/]);
  });

  await test.step('reorder flows by dragging; the order survives a reload', async () => {
    await drag(
      page,
      page.getByRole('button', { name: 'Move flow Sign in' }),
      page.getByRole('button', { name: 'Move flow Check out' }),
    );
    await expect.poll(() => flowTitles(page)).toEqual(['Sign in', 'Check out', 'Sign out']);
    await expect
      .poll(async () => (await planOf(request, token, milestone.id)).map((f) => f.name))
      .toEqual(['Sign in', 'Check out', 'Sign out']);
    await page.reload();
    await expect(flow(page, 'Sign in')).toBeVisible();
    expect(await flowTitles(page)).toEqual(['Sign in', 'Check out', 'Sign out']);
  });

  await test.step('drag a step into another flow', async () => {
    await drag(
      page,
      flow(page, 'Sign in').getByRole('button', { name: 'Move step 2' }),
      flow(page, 'Check out').getByRole('listitem', { name: 'Step 1', exact: true }),
    );
    await expect(steps(page, 'Sign in')).toHaveCount(1);
    await expect(steps(page, 'Check out')).toHaveCount(2);
    await expect(flow(page, 'Check out').getByRole('strong')).toHaveText('Welcome back');
    await expect
      .poll(() => planShape(request, token, milestone.id))
      .toEqual([
        ['Sign in', ['INTERACT Open [the app](https://app.example/login)']],
        [
          'Check out',
          // Dropped on step 1 from above, it lands after it.
          [
            'VERIFY Pay with card 4242 and confirm 3-D Secure',
            'VERIFY The dashboard shows\n- **Welcome back**',
          ],
        ],
        ['Sign out', ['VERIFY Click **Log out**']],
      ]);
  });

  await test.step('delete a step, then a flow, after reading the confirmation', async () => {
    const row = flow(page, 'Sign out').getByRole('listitem', { name: 'Step 1', exact: true });
    await row.hover();
    await row.getByRole('button', { name: 'Delete step' }).click();
    const stepDialog = page.getByRole('dialog', { name: 'Delete step' });
    await expect(stepDialog.getByText('Are you sure you want to delete this step?')).toBeVisible();
    await stepDialog.getByRole('button', { name: 'Delete' }).click();
    await expect(stepDialog).toBeHidden();
    await expect(flow(page, 'Sign out').getByText('No steps in this flow yet.')).toBeVisible();

    await flow(page, 'Check out').getByRole('button', { name: 'Delete flow' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete flow' });
    await expect(dialog).toContainText(
      'Are you sure you want to delete this flow? This action will result in the deletion of 2 steps',
    );
    // Cancel keeps it.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(flow(page, 'Check out')).toBeVisible();

    await flow(page, 'Check out').getByRole('button', { name: 'Delete flow' }).click();
    const remove = dialog.getByRole('button', { name: 'Delete' });
    await expect(remove).toHaveClass(/\bbg-red-600\b/);
    await remove.click();
    await expect(dialog).toBeHidden();
    await expect(flow(page, 'Check out')).toHaveCount(0);
    expect(await flowTitles(page)).toEqual(['Sign in', 'Sign out']);
    expect(await planShape(request, token, milestone.id)).toEqual([
      ['Sign in', ['INTERACT Open [the app](https://app.example/login)']],
      ['Sign out', []],
    ]);
  });
});

test('what is typed while a new step saves is kept, and a refused step stays to retry', async ({
  page,
  request,
}) => {
  const token = await adminToken(request);
  const { milestone } = await seedMilestone(request, token, 'Vandelay');
  await signInAsAdmin(page, request, `/milestones/${milestone.id}`);
  await addFlow(page, 'Sign in');
  // The steps' saves are held, as on a slow network, or refused while `refusing`.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let refusing = false;
  let sent = 0;
  await page.route('**/api/test-steps/', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    if (refusing) return route.abort('connectionrefused');
    sent++;
    await held;
    await route.continue();
  });
  const draft = flow(page, 'Sign in').getByLabel('New step description');
  const newStep = (n: number) =>
    flow(page, 'Sign in').getByRole('listitem', { name: `New step ${n}`, exact: true });
  const unsaved = flow(page, 'Sign in').getByRole('list', { name: 'New steps not saved yet' });

  await test.step('typed on at once after Enter, while the step before saves', async () => {
    await draft.fill('Open the app');
    await draft.press('Enter');
    // Not a character lost: the editor was empty for the next step straight away.
    await draft.pressSequentially('Sign in with Google');
    await expect(draft).toHaveValue('Sign in with Google');
    await draft.press('Enter');
    await expect(newStep(1)).toContainText('Open the app');
    await expect(newStep(1)).toContainText('Saving…');
    await expect(newStep(2)).toContainText('Sign in with Google');
    // Enter on the empty editor closes it; the steps on their way stay on screen.
    await draft.press('Enter');
    await expect(draft).toBeHidden();
    await expect(flow(page, 'Sign in').getByRole('button', { name: 'Add step' })).toBeFocused();
    await expect(newStep(2)).toBeVisible();
    // One at a time, in the order written: the second waits for the first one's answer.
    await expect.poll(() => sent).toBe(1);

    release();
    await expect(stepText(page, 'Sign in', 1)).toHaveText('Open the app');
    await expect(stepText(page, 'Sign in', 2)).toHaveText('Sign in with Google');
    await expect(unsaved).toHaveCount(0);
    expect(await planShape(request, token, milestone.id)).toEqual([
      ['Sign in', ['VERIFY Open the app', 'VERIFY Sign in with Google']],
    ]);
  });

  await test.step('a step the server never got stays with its text, and Retry saves it', async () => {
    refusing = true;
    await flow(page, 'Sign in').getByRole('button', { name: 'Add step' }).click();
    await draft.fill('Log out');
    await draft.press('Enter');
    const refused = flow(page, 'Sign in').getByRole('listitem', { name: 'New step not saved' });
    await expect(refused.getByRole('alert')).toHaveText(
      'Not saved: An unexpected error occurred. It is kept here.',
    );
    await expect(refused).toContainText('Log out');
    expect(await planShape(request, token, milestone.id)).toEqual([
      ['Sign in', ['VERIFY Open the app', 'VERIFY Sign in with Google']],
    ]);
    // The refused row, its message and buttons, and the editor beside them pass axe.
    expect(
      await seriousViolations(page, { include: `[aria-label="New steps not saved yet"]` }),
    ).toEqual([]);
    expect(await seriousViolations(page, { include: '[data-step-draft]' })).toEqual([]);

    refusing = false;
    await refused.getByRole('button', { name: 'Retry' }).click();
    // The empty editor closed as the press left it; focus is back on Add step, not the page top.
    await expect(draft).toBeHidden();
    await expect(flow(page, 'Sign in').getByRole('button', { name: 'Add step' })).toBeFocused();
    await expect(stepText(page, 'Sign in', 3)).toHaveText('Log out');
    await expect(unsaved).toHaveCount(0);
    expect(await planShape(request, token, milestone.id)).toEqual([
      ['Sign in', ['VERIFY Open the app', 'VERIFY Sign in with Google', 'VERIFY Log out']],
    ]);
  });
});

test('a client user edits the test plan of their milestone, and finds no other', async ({
  page,
  request,
}) => {
  test.setTimeout(scaled(120_000));
  const token = await adminToken(request);
  const { client, project, milestone } = await seedMilestone(request, token, 'Soylent');
  const other = await seedMilestone(request, token, 'Umbrella');
  const member = await createVerifiedUser(request, 'soylent');
  await linkClientUser(request, token, client.id, member.user.id);

  // From the project screen, as a client user would find it.
  await signInWithToken(page, member.token, `/projects/${project.slug}`);
  await page.getByRole('link', { name: `View Test Plan for ${milestone.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/milestones/${milestone.id}$`));
  await expect(
    page.getByRole('heading', { name: `${milestone.name} Test Plan`, level: 1 }),
  ).toBeVisible();

  await buildAndEditInline(page, request, member.token, milestone.id);

  await test.step('move a flow with the buttons, then back by dragging', async () => {
    await flow(page, 'Sign in').getByRole('button', { name: "Move flow 'Sign in' down" }).click();
    await expect.poll(() => flowTitles(page)).toEqual(['Check out', 'Sign in']);
    await expect
      .poll(async () => (await planOf(request, member.token, milestone.id)).map((f) => f.name))
      .toEqual(['Check out', 'Sign in']);
    await drag(
      page,
      page.getByRole('button', { name: 'Move flow Sign in' }),
      page.getByRole('button', { name: 'Move flow Check out' }),
    );
    await expect.poll(() => flowTitles(page)).toEqual(['Sign in', 'Check out']);
    await expect
      .poll(async () => (await planOf(request, member.token, milestone.id)).map((f) => f.name))
      .toEqual(['Sign in', 'Check out']);
  });

  await test.step('drag a step into another flow', async () => {
    await drag(
      page,
      flow(page, 'Sign in').getByRole('button', { name: 'Move step 2' }),
      flow(page, 'Check out').getByRole('listitem', { name: 'Step 1', exact: true }),
    );
    await expect(steps(page, 'Sign in')).toHaveCount(1);
    await expect(steps(page, 'Check out')).toHaveCount(2);
    await expect
      .poll(() => planShape(request, member.token, milestone.id))
      .toEqual([
        ['Sign in', ['INTERACT Open [the app](https://app.example/login)']],
        [
          'Check out',
          // Dropped on step 1 from above, it lands after it.
          [
            'VERIFY Pay with card 4242 and confirm 3-D Secure',
            'VERIFY The dashboard shows\n- **Welcome back**',
          ],
        ],
      ]);
  });

  await test.step('delete a flow', async () => {
    await flow(page, 'Check out').getByRole('button', { name: 'Delete flow' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete flow' });
    await expect(dialog).toContainText('This action will result in the deletion of 2 steps');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(dialog).toBeHidden();
    await expect(flow(page, 'Check out')).toHaveCount(0);
    expect(await planShape(request, member.token, milestone.id)).toEqual([
      ['Sign in', ['INTERACT Open [the app](https://app.example/login)']],
    ]);
  });

  await page.goto(`/milestones/${other.milestone.id}`);
  await expect(page.getByRole('heading', { name: 'Milestone not found' })).toBeVisible();
  await expect(page).toHaveTitle('Milestone not found | Studio Portal');
  await page.goto('/milestones/not-a-number');
  await expect(page.getByRole('heading', { name: 'Milestone not found' })).toBeVisible();
});

/** The flow whose section crosses the band the table of contents watches (top 80 px … 40 %). */
const flowInBand = async (page: Page) => {
  const bottom = (page.viewportSize()?.height ?? 0) * 0.4;
  for (const section of await page.locator('.test-flow').all()) {
    const box = await section.boundingBox();
    if (box && box.y + box.height > 80 && box.y < bottom)
      return section.getByRole('heading', { level: 2 }).textContent();
  }
  return null;
};

/**
 * Waits until the page has stopped scrolling: Chromium animates a wheel's scroll, and a person
 * reaches for the next control only once the page is still.
 */
const scrollAtRest = async (page: Page) => {
  const position = () =>
    page.evaluate(() => new Promise<number>((done) => setTimeout(() => done(window.scrollY), 100)));
  await expect.poll(async () => (await position()) === (await position())).toBe(true);
};

/** How far the top of a flow's section is from the top of the viewport. */
const flowTop = async (page: Page, name: string) =>
  (await flow(page, name).boundingBox())?.y ?? Number.NaN;

test('the table of contents follows the flow in view; deep links; collapse and expand all', async ({
  page,
  request,
}) => {
  test.setTimeout(scaled(120_000));
  const token = await adminToken(request);
  const { milestone } = await seedMilestone(request, token, 'Cyberdyne');
  const names = Array.from({ length: 8 }, (_, i) => `Flow ${i + 1}`);
  const flows = await createFlowsViaApi(
    request,
    token,
    milestone.id,
    names.map((name) => ({
      name,
      steps: Array.from({ length: 5 }, (_, j) => ({
        description: `${name}, step ${j + 1}: check the **result**`,
        type: j % 2 ? ('VERIFY' as const) : ('INTERACT' as const),
      })),
    })),
  );
  const idOf = (name: string) => flows.find((f) => f.name === name)!.id;
  const current = () => toc(page).locator('a[aria-current="location"]');

  await signInAsAdmin(page, request, `/milestones/${milestone.id}`);
  await expect(flow(page, 'Flow 8')).toBeAttached();
  await expect(current()).toHaveAccessibleName('Flow 1');
  await expect(current()).toHaveClass(/\bfont-bold\b/);

  await test.step('scrolling with the wheel moves the highlight along', async () => {
    await page.mouse.move(900, 400);
    for (const distance of [900, 900, 600]) {
      await page.mouse.wheel(0, distance);
      await expect.poll(() => flowInBand(page)).not.toBeNull();
      const inBand = await flowInBand(page);
      await expect(current()).toHaveAccessibleName(inBand ?? '');
    }
    await expect(current()).not.toHaveAccessibleName('Flow 1');
  });

  await test.step('a click in the table of contents goes to the flow and names it in the URL', async () => {
    await toc(page).getByRole('link', { name: 'Flow 2', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`\\?flow=${idOf('Flow 2')}$`));
    await expect.poll(() => flowTop(page, 'Flow 2')).toBeLessThan(120);
    await expect.poll(() => flowTop(page, 'Flow 2')).toBeGreaterThan(40);
    await expect(current()).toHaveAccessibleName('Flow 2');
    // Scrolling with the wheel clears the query.
    await page.mouse.wheel(0, 300);
    await expect(page).toHaveURL(new RegExp(`/milestones/${milestone.id}$`));
    await scrollAtRest(page);
  });

  await test.step('after a click in the table of contents, scrolling by keyboard moves the highlight along', async () => {
    await toc(page).getByRole('link', { name: 'Flow 2', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`\\?flow=${idOf('Flow 2')}$`));
    await expect.poll(() => flowTop(page, 'Flow 2')).toBeLessThan(120);
    await expect(current()).toHaveAccessibleName('Flow 2');
    // The reader reads a moment after the (smooth) scroll there, then pages on from the plan.
    await page.waitForTimeout(400);
    // Keys then scroll the page, not the table of contents.
    await toc(page).getByRole('link', { name: 'Flow 2', exact: true }).blur();
    await page.keyboard.press('PageDown');
    await expect.poll(() => flowInBand(page)).not.toBe('Flow 2');
    const inBand = await flowInBand(page);
    await expect(current()).toHaveAccessibleName(inBand ?? '');
    await expect(page).toHaveURL(new RegExp(`/milestones/${milestone.id}$`));
  });

  await test.step('a deep link lands on its flow', async () => {
    await page.goto(`/milestones/${milestone.id}?flow=${idOf('Flow 6')}`);
    await expect.poll(() => flowTop(page, 'Flow 6')).toBeLessThan(120);
    expect(await flowTop(page, 'Flow 6')).toBeGreaterThan(40);
    await expect(current()).toHaveAccessibleName('Flow 6');
    await expect(page).toHaveURL(new RegExp(`\\?flow=${idOf('Flow 6')}$`));
  });

  await test.step('Collapse All and Expand All', async () => {
    await expect(page.getByRole('list', { name: /^Steps of / })).toHaveCount(8);
    await page.getByRole('button', { name: 'Test plan options' }).click();
    await page.getByRole('menuitem', { name: 'Collapse All' }).click();
    await expect(page.getByRole('list', { name: /^Steps of / })).toHaveCount(0);
    await expect(
      flow(page, 'Flow 3').getByRole('button', { name: 'Expand Flow 3' }),
    ).toHaveAttribute('aria-expanded', 'false');
    // One flow opens on its own.
    await flow(page, 'Flow 3').getByRole('button', { name: 'Expand Flow 3' }).click();
    await expect(steps(page, 'Flow 3')).toHaveCount(5);
    await page.getByRole('button', { name: 'Test plan options' }).click();
    await page.getByRole('menuitem', { name: 'Expand All' }).click();
    await expect(page.getByRole('list', { name: /^Steps of / })).toHaveCount(8);
  });

  await test.step('the table of contents can be hidden and shown', async () => {
    const toggle = page.getByRole('button', { name: '[Table of Contents]' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await toggle.click();
    await expect(toc(page)).toHaveCount(0);
    await toggle.click();
    await expect(toc(page)).toBeVisible();
    // Its own '+ Add flow' (spec §2) opens the new flow's editor at the end of the plan.
    await toc(page).getByRole('button', { name: '+ Add flow', exact: true }).click();
    await expect(page.getByLabel('New flow name')).toBeFocused();
  });
});

test('a long plan: the keyboard takes a flow past 49 others to the end, and focus and the flow stay in view', async ({
  page,
  request,
}) => {
  test.setTimeout(scaled(120_000));
  const token = await adminToken(request);
  const { milestone } = await seedMilestone(request, token, 'Long plan');
  // Fifty flows of two steps: the end of the plan is several screens below the first, and the
  // flows off screen skip rendering and have no sortable steps (decisions 0011, 0057).
  const names = Array.from({ length: 50 }, (_, i) => `Flow ${String(i + 1).padStart(2, '0')}`);
  await createFlowsViaApi(
    request,
    token,
    milestone.id,
    names.map((name) => ({ name, steps: ['Open the page', 'See it saved'] })),
  );
  await signInAsAdmin(page, request, `/milestones/${milestone.id}`);
  await expect(flow(page, 'Flow 50')).toBeAttached();

  const grip = page.getByRole('button', { name: 'Move flow Flow 01', exact: true });
  await grip.focus();
  await page.keyboard.press('Space');
  // Picked up, the plan folds into its flows' title bars.
  await expect(page.getByRole('list', { name: 'Flows', exact: true })).toBeVisible();
  // One place per press, as a screen reader hears it (a press before the last move has been
  // measured would find the flow where it was).
  for (let place = 2; place <= 50; place++) {
    await page.keyboard.press('ArrowDown');
    await expect(page.getByText(`flow Flow 01 moved to position ${place} of 50.`)).toBeAttached();
  }
  await page.keyboard.press('Space');

  await expect.poll(() => flowTitles(page)).toEqual([...names.slice(1), 'Flow 01']);
  await expect
    .poll(async () => (await planOf(request, token, milestone.id)).map((f) => f.name))
    .toEqual([...names.slice(1), 'Flow 01']);
  // Where the work is: the moved flow's grip keeps the focus, and the flow is on screen.
  await expect(grip).toBeFocused();
  await expect(grip).toBeInViewport();
  await expect(flow(page, 'Flow 01').getByRole('heading', { name: 'Flow 01' })).toBeInViewport();
  // Its steps are sortable again once the page stands still: their grips are real buttons.
  await expect(flow(page, 'Flow 01').getByRole('button', { name: 'Move step 2' })).toBeVisible();
});
