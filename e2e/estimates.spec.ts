import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { adminToken, createVerifiedUser, signInAsAdmin, signInWithToken } from './support/api';
import { createClientWithProjectViaApi } from './support/clients-api';
import { drag } from './support/drag';
import { createEstimateViaApi, linkClientUser } from './support/estimates-api';
import { scaled } from './support/time';

/**
 * Issue 4 end to end: staff build an estimate (from /estimates and from the project screen),
 * its sections and items, reorder and move them by dragging, and delete a section; a client user
 * reads their estimate and comments on an item; the printed page shows no controls.
 */

/**
 * The answer to a drop's move. The board shows a drop at once and saves it behind; a reload
 * sent before the save has answered reads the estimate as it was (a loaded run, 27 November).
 */
const moveSaved = (page: Page) =>
  page.waitForResponse(
    (response) => response.request().method() === 'POST' && /\/move\/$/.test(response.url()),
  );
const run = () => randomUUID().slice(0, 6);

/** The sections' titles, top to bottom. */
const sectionTitles = (page: Page) => page.locator('.estimate-section h2').allTextContents();

const section = (page: Page, name: string) =>
  page.getByRole('region', { name: new RegExp(`^${name} - `) });

const totalFigure = (page: Page, label: string) =>
  page
    .getByRole('region', { name: 'Total' })
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${label.replace(/[()]/g, '\\$&')}$`) })
    .locator('xpath=following-sibling::dd[1]');

const createSection = async (page: Page, name: string) => {
  await page.getByRole('button', { name: 'Create Section' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Section' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(section(page, name)).toBeVisible();
};

const createItem = async (
  page: Page,
  sectionName: string,
  item: { description: string; low: string; high: string; notes?: string },
) => {
  await section(page, sectionName).getByRole('button', { name: 'Create Item' }).click();
  const drawer = page.getByRole('dialog', { name: 'Create Item' });
  await drawer.getByLabel('Description').fill(item.description);
  await drawer.getByLabel('Hours (low)').fill(item.low);
  await drawer.getByLabel('Hours (high)').fill(item.high);
  if (item.notes) await drawer.getByLabel('Notes').fill(item.notes);
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(drawer).toBeHidden();
  await expect(
    section(page, sectionName).getByRole('button', { name: item.description, exact: true }),
  ).toBeVisible();
};

test('staff build an estimate: sections, items, totals, dragging and deleting', async ({
  page,
  request,
}) => {
  test.setTimeout(scaled(180_000));
  const id = run();
  const token = await adminToken(request);
  const { project } = await createClientWithProjectViaApi(request, token, {
    client: `Initech ${id}`,
    project: `Initech Portal ${id}`,
  });
  const name = `Portal rebuild ${id}`;

  await test.step('create the estimate from /estimates', async () => {
    await signInAsAdmin(page, request, '/estimates');
    await expect(page.getByRole('heading', { name: 'Estimates', level: 1 })).toBeVisible();
    // On an empty list the empty state offers the button too.
    await page.getByRole('button', { name: 'Create Estimate' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create Estimate' });
    const save = dialog.getByRole('button', { name: 'Save' });
    await expect(dialog.getByLabel('Safe modifier')).toHaveValue('1.00');
    await expect(save).toBeDisabled();
    await dialog.getByLabel('Project').selectOption({ label: project.name });
    await dialog.getByLabel('Name').fill(name);
    await expect(save).toBeDisabled();
    await dialog.getByLabel('Description').fill('First line\nSecond line');
    await dialog.getByLabel('Scope of Work').fill('Rebuild the portal');
    // The server decides bounds: a modifier of 0 comes back as an error on its field.
    await dialog.getByLabel('Safe modifier').fill('0');
    await save.click();
    await expect(dialog.getByText('Ensure this value is greater than 0.')).toBeVisible();
    await dialog.getByLabel('Safe modifier').fill('1.5');
    await save.click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/estimates\/\d+$/);
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    await expect(page).toHaveTitle(`${name} | Studio Portal`);
    // Line breaks in the description are kept.
    await expect(page.getByText('First line\nSecond line')).toHaveCSS('white-space', 'pre-line');
    await expect(page.getByText('Rebuild the portal')).toBeVisible();
  });

  await test.step('add sections and items; titles and totals follow, exactly', async () => {
    await createSection(page, 'Discovery');
    await createSection(page, 'Build');
    await expect(section(page, 'Discovery')).toHaveAccessibleName('Discovery - 0.00 Hours');

    // The server's error on an hours field shows on that field.
    await section(page, 'Discovery').getByRole('button', { name: 'Create Item' }).click();
    const drawer = page.getByRole('dialog', { name: 'Create Item' });
    await drawer.getByLabel('Description').fill('Workshop');
    await drawer.getByLabel('Hours (low)').fill('5');
    await drawer.getByLabel('Hours (high)').fill('2');
    await drawer.getByRole('button', { name: 'Save' }).click();
    await expect(
      drawer.getByText('Ensure hours_low is less than or equal to hours_high.'),
    ).toBeVisible();
    // Cancel throws the edits away only once the person says so (issue 19).
    await drawer.getByRole('button', { name: 'Cancel' }).click();
    await page
      .getByRole('dialog', { name: 'Discard unsaved changes?' })
      .getByRole('button', { name: 'Discard' })
      .click();
    await expect(page.getByRole('dialog', { name: 'Discard unsaved changes?' })).toBeHidden();
    await expect(drawer).toBeHidden();

    await createItem(page, 'Discovery', { description: 'Workshop', low: '0.1', high: '0.1' });
    await createItem(page, 'Discovery', { description: 'Interviews', low: '0.2', high: '0.2' });
    // 0.1 + 0.2 is 0.30 here, not 0.30000000000000004.
    await expect(section(page, 'Discovery')).toHaveAccessibleName('Discovery - 0.30 Hours');
    await createItem(page, 'Build', { description: 'Front end', low: '2', high: '4.5' });
    await expect(section(page, 'Build')).toHaveAccessibleName('Build - 4.50 Hours');
    await expect(
      section(page, 'Build')
        .getByRole('row', { name: /Front end/ })
        .getByRole('cell')
        .nth(2),
    ).toHaveText('2.00–4.50');

    await expect(totalFigure(page, 'Hours')).toHaveText('4.80');
    await expect(totalFigure(page, 'Safe modifier')).toHaveText('1.50');
    await expect(totalFigure(page, 'Hours (Safe)')).toHaveText('7.20');
  });

  await test.step('reorder sections by dragging; the order survives a reload', async () => {
    expect(await sectionTitles(page)).toEqual(['Discovery - 0.30 Hours', 'Build - 4.50 Hours']);
    const saved = moveSaved(page);
    await drag(
      page,
      page.getByRole('button', { name: 'Move section Build' }),
      page.getByRole('button', { name: 'Move section Discovery' }),
    );
    await expect
      .poll(() => sectionTitles(page))
      .toEqual(['Build - 4.50 Hours', 'Discovery - 0.30 Hours']);
    expect((await saved).ok()).toBe(true);
    await page.reload();
    await expect(section(page, 'Build')).toBeVisible();
    expect(await sectionTitles(page)).toEqual(['Build - 4.50 Hours', 'Discovery - 0.30 Hours']);
  });

  await test.step('move an item into another section by dragging; it survives a reload', async () => {
    const saved = moveSaved(page);
    await drag(
      page,
      page.getByRole('button', { name: 'Move item Workshop' }),
      section(page, 'Build').getByRole('row', { name: /Front end/ }),
    );
    await expect
      .poll(() => sectionTitles(page))
      .toEqual(['Build - 4.60 Hours', 'Discovery - 0.20 Hours']);
    await expect(
      section(page, 'Build').getByRole('button', { name: 'Workshop', exact: true }),
    ).toBeVisible();
    expect((await saved).ok()).toBe(true);
    await page.reload();
    await expect(section(page, 'Build')).toBeVisible();
    expect(await sectionTitles(page)).toEqual(['Build - 4.60 Hours', 'Discovery - 0.20 Hours']);
    await expect(
      section(page, 'Build').getByRole('button', { name: 'Workshop', exact: true }),
    ).toBeVisible();
    await expect(totalFigure(page, 'Hours')).toHaveText('4.80');
  });

  await test.step('delete a section after confirming', async () => {
    await section(page, 'Discovery').getByRole('button', { name: 'Delete section' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Section' });
    await expect(confirm.getByText('Are you sure you want to delete this section?')).toBeVisible();
    const remove = confirm.getByRole('button', { name: 'Delete' });
    // The danger style: a red confirm button.
    await expect(remove).toHaveClass(/\bbg-red-600\b/);
    await remove.click();
    await expect(confirm).toBeHidden();
    await expect(section(page, 'Discovery')).toHaveCount(0);
    expect(await sectionTitles(page)).toEqual(['Build - 4.60 Hours']);
    await expect(totalFigure(page, 'Hours')).toHaveText('4.60');
    await expect(totalFigure(page, 'Hours (Safe)')).toHaveText('6.90');
    await page.reload();
    await expect(section(page, 'Build')).toBeVisible();
    await expect(section(page, 'Discovery')).toHaveCount(0);
  });

  await test.step('create an estimate from the project screen', async () => {
    await page.goto(`/projects/${project.slug}`);
    const estimates = page.getByRole('region', { name: 'Estimates' });
    await expect(estimates.getByRole('link', { name: new RegExp(name) })).toBeVisible();
    await estimates.getByRole('button', { name: 'Create Estimate' }).click();
    const drawer = page.getByRole('dialog', { name: 'Create Estimate' });
    // The project is the one on screen, and cannot be changed here.
    await expect(drawer.getByLabel('Project')).toHaveValue(project.name);
    await expect(drawer.getByLabel('Project')).toBeDisabled();
    await drawer.getByLabel('Name').fill(`Phase two ${id}`);
    await drawer.getByLabel('Description').fill('What comes after the launch.');
    await drawer.getByRole('button', { name: 'Save' }).click();
    await expect(drawer).toBeHidden();
    const created = estimates.getByRole('link', { name: new RegExp(`Phase two ${id}`) });
    await expect(created).toBeVisible();
    await created.click();
    await expect(page.getByRole('heading', { name: `Phase two ${id}`, level: 1 })).toBeVisible();
    await expect(page.getByText('No sections yet')).toBeVisible();
  });
});

test('a client user reads their estimate, comments on an item, and sees no edit controls', async ({
  page,
  request,
}) => {
  test.setTimeout(scaled(120_000));
  const id = run();
  const token = await adminToken(request);
  const { client, project } = await createClientWithProjectViaApi(request, token, {
    client: `Hooli ${id}`,
    project: `Hooli Mobile ${id}`,
  });
  const estimate = await createEstimateViaApi(
    request,
    token,
    { project: project.id, name: `Hooli app ${id}`, description: 'The app, estimated.' },
    [
      {
        name: 'Design',
        items: [{ description: 'Onboarding screens', hours_low: '3', hours_high: '5' }],
      },
    ],
  );
  // Someone else's estimate, which the client user must not see.
  const { project: strangerProject } = await createClientWithProjectViaApi(request, token, {
    client: `Pied Piper ${id}`,
    project: `Pied Piper Site ${id}`,
  });
  const hidden = await createEstimateViaApi(request, token, {
    project: strangerProject.id,
    name: `Secret ${id}`,
    description: 'Not for Hooli.',
  });
  const member = await createVerifiedUser(request, 'hooli');
  await linkClientUser(request, token, client.id, member.user.id);

  await signInWithToken(page, member.token, '/estimates');
  const row = page.getByRole('link', { name: `Hooli app ${id}` });
  await expect(row).toBeVisible();
  await expect(page.getByRole('link', { name: `Secret ${id}` })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Create Estimate' })).toHaveCount(0);
  await row.click();

  await expect(page.getByRole('heading', { name: `Hooli app ${id}`, level: 1 })).toBeVisible();
  await expect(section(page, 'Design')).toHaveAccessibleName('Design - 5.00 Hours');
  for (const control of [
    'Create Section',
    'Create Item',
    'Edit',
    'Edit section',
    'Delete section',
    'Move section Design',
    'Move item Onboarding screens',
  ])
    await expect(page.getByRole('button', { name: new RegExp(`^${control}\\b`) })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();

  const commentCell = section(page, 'Design')
    .getByRole('row', { name: /Onboarding screens/ })
    .getByRole('cell')
    .last();
  await expect(commentCell).toHaveText('0 comments');

  await section(page, 'Design').getByRole('button', { name: 'Onboarding screens' }).click();
  const drawer = page.getByRole('dialog', { name: 'Estimate Item' });
  await expect(drawer.getByText('3.00–5.00')).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await expect(drawer.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await expect(drawer.getByText('No comments yet.')).toBeVisible();
  await drawer.getByLabel('New comment').fill('Could the onboarding be two screens?');
  await drawer.getByRole('button', { name: 'Comment' }).click();
  const comments = drawer.getByRole('list', { name: 'Comments' });
  await expect(comments.getByText('Could the onboarding be two screens?')).toBeVisible();
  await expect(comments.getByText(member.email)).toBeVisible();
  await expect(comments.locator('time')).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} [AP]M$/);
  await drawer.getByRole('button', { name: 'Close' }).click();
  await expect(drawer).toBeHidden();
  await expect(commentCell).toHaveText('1 comment');

  // Another client's estimate does not exist, as far as this user can tell.
  await page.goto(`/estimates/${hidden.id}`);
  await expect(page.getByRole('heading', { name: 'Estimate not found' })).toBeVisible();
  await page.goto(`/estimates/${estimate.id}`);
  await expect(commentCell).toHaveText('1 comment');
});

test('the print preview is a clean document without controls', async ({ page, request }) => {
  const id = run();
  const token = await adminToken(request);
  const { project } = await createClientWithProjectViaApi(request, token, {
    client: `Vandelay ${id}`,
    project: `Vandelay Imports ${id}`,
  });
  const estimate = await createEstimateViaApi(
    request,
    token,
    {
      project: project.id,
      name: `Import tracker ${id}`,
      description: 'Latex.',
      safe_modifier: '2',
    },
    [{ name: 'Build', items: [{ description: 'Tracker', hours_low: '1.25', hours_high: '2.5' }] }],
  );
  await signInAsAdmin(page, request, `/estimates/${estimate.id}`);
  await expect(section(page, 'Build')).toBeVisible();
  const controls = [
    page.getByRole('button', { name: 'Print' }),
    page.getByRole('button', { name: 'Create Section' }),
    page.getByRole('button', { name: 'Create Item' }),
    page.getByRole('button', { name: 'Delete section' }),
    page.getByRole('button', { name: 'Move section Build' }),
    page.getByRole('button', { name: 'Move item Tracker' }),
    page.getByRole('button', { name: 'Toggle navigation' }),
    page.getByRole('link', { name: 'Estimates' }).first(),
  ];
  for (const control of controls) await expect(control).toBeVisible();

  await page.emulateMedia({ media: 'print' });
  for (const control of controls) await expect(control).toBeHidden();
  await expect(page.getByRole('heading', { name: `Import tracker ${id}`, level: 1 })).toBeVisible();
  await expect(section(page, 'Build')).toHaveAccessibleName('Build - 2.50 Hours');
  await expect(section(page, 'Build').getByText('Tracker')).toBeVisible();
  await expect(totalFigure(page, 'Hours (Safe)')).toHaveText('5.00');

  await page.emulateMedia({ media: 'screen' });
  await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
});
