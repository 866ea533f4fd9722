import { randomUUID } from 'node:crypto';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { projectPhaseSchema } from '@portal/contract/projects';
import { adminToken, apiLogin, signInAsAdmin, uniqueEmail } from './support/api';
import { createClientViaApi, createProjectViaApi, visibleProjects } from './support/clients-api';
import { linkIn, nextMail, pathOf } from './support/mail';
import { scaled } from './support/time';

/**
 * Issue 3 end to end: staff build a client with a user and a project, then that user signs in
 * and sees only their project, read-only. The two tests share what the first one made.
 */
test.describe.configure({ mode: 'serial' });

const run = randomUUID().slice(0, 6);
const clientName = `Northwind ${run}`;
const otherClientName = `Umbrella ${run}`;
const projectName = `Northwind Storefront ${run}`;
const memberEmail = uniqueEmail('client-user');
const memberPassword = 'member-pass-42';

let projectSlug = '';
let otherProjectSlug = '';
let invitationPath = '';

/** 'November 22, 2026': the spec's long month date, as the browser on this machine shows it. */
const longDate = (date: Date) =>
  date.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' });
const isoDate = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

const milestoneRows = (page: Page) =>
  page.getByRole('list', { name: 'Milestones' }).getByRole('listitem');

/** Drags one element onto another with real mouse events, in small steps like a hand would. */
const dragOnto = async (page: Page, source: Locator, target: Locator) => {
  const from = await source.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('drag source or target is not visible');
  const startX = from.x + from.width / 2;
  const startY = from.y + from.height / 2;
  await page.mouse.move(startX, startY);
  await page.mouse.down();
  // Past the 5 px the mouse sensor waits for, then on to the target.
  await page.mouse.move(startX, startY - 8, { steps: 4 });
  await page.mouse.move(startX, to.y + to.height / 2 - 4, { steps: 20 });
  await page.mouse.up();
};

test('staff create a client with a user and a project, and fill the project in', async ({
  page,
  request,
}) => {
  test.setTimeout(scaled(150_000));
  const staffToken = await adminToken(request);
  // Another client with a project, for the list order here and for "not found" later.
  const other = await createClientViaApi(request, staffToken, otherClientName);
  otherProjectSlug = (
    await createProjectViaApi(request, staffToken, {
      client: other.id,
      name: `Umbrella Lab ${run}`,
    })
  ).slug;

  await test.step('create a client; the list stays sorted', async () => {
    await signInAsAdmin(page, request, '/clients');
    await expect(page).toHaveTitle('Clients | Studio Portal');
    await page.getByRole('button', { name: 'Create Client' }).first().click();
    const drawer = page.getByRole('dialog', { name: 'Create Client' });
    const save = drawer.getByRole('button', { name: 'Save' });
    await expect(save).toBeDisabled();
    await drawer.getByLabel('Name').fill(clientName);
    await expect(drawer.getByLabel('Slug')).toHaveAttribute('placeholder', `northwind-${run}`);
    await save.click();
    await expect(drawer).toBeHidden();
    await expect(page.getByText(`${clientName} was created`)).toBeVisible();

    const names = await page
      .getByRole('table', { name: 'Clients' })
      .getByRole('link')
      .allTextContents();
    expect(names).toContain(clientName);
    expect(names.indexOf(clientName)).toBeLessThan(names.indexOf(otherClientName));
  });

  await test.step('add a client user by email; the invitation arrives', async () => {
    await page.getByRole('link', { name: clientName }).click();
    await expect(page).toHaveURL(new RegExp(`/clients/northwind-${run}$`));
    await expect(page.getByRole('heading', { name: clientName, level: 1 })).toBeVisible();
    await expect(page).toHaveTitle(`${clientName} | Studio Portal`);

    await page.getByLabel('Add a user by email').fill(memberEmail);
    await page.getByRole('button', { name: 'Add User' }).click();
    const users = page.getByRole('table', { name: 'Users' });
    await expect(users.getByRole('cell', { name: memberEmail, exact: true })).toBeVisible();
    await expect(page.getByLabel('Add a user by email')).toHaveValue('');

    const mail = await nextMail(memberEmail);
    expect(mail.subject).toContain('invited you');
    invitationPath = pathOf(linkIn(mail, 'password-reset'));
  });

  await test.step('create a project from the client', async () => {
    await page.getByRole('button', { name: 'Create Project' }).click();
    const drawer = page.getByRole('dialog', { name: 'Create Project' });
    // Links belong to update mode only (spec §4).
    await expect(drawer.getByLabel('Name')).toBeVisible();
    await expect(drawer.getByLabel('Slack URL')).toHaveCount(0);
    await drawer.getByLabel('Name').fill(projectName);
    await drawer.getByLabel('Status').selectOption({ label: 'In Progress' });
    await drawer.getByLabel('Completion %').fill('30');
    await drawer.getByRole('button', { name: 'Save' }).click();
    await expect(drawer).toBeHidden();

    const projects = page.getByRole('table', { name: 'Projects' });
    await expect(projects.getByRole('link', { name: projectName })).toBeVisible();
    await expect(projects.getByRole('row', { name: new RegExp(projectName) })).toContainText(
      'In Progress',
    );
    await projects.getByRole('link', { name: projectName }).click();
    await expect(page.getByRole('heading', { name: projectName, level: 1 })).toBeVisible();
    await expect(page).toHaveTitle(`${projectName} | Studio Portal`);
    projectSlug = new URL(page.url()).pathname.split('/').pop() ?? '';
    expect(projectSlug).toBe(`northwind-storefront-${run}`);
  });

  await test.step('edit the project; its link groups appear', async () => {
    await expect(page.getByText('30%')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'External Urls' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Edit project' }).click();
    const drawer = page.getByRole('dialog', { name: 'Update Project' });
    await drawer.getByLabel('Vision').fill('A shop that feels fast.\nOn every phone.');
    await drawer.getByLabel('Slack URL').fill('not a link');
    await expect(drawer.getByText('Enter a valid URL.')).toBeVisible();
    await expect(drawer.getByRole('button', { name: 'Save' })).toBeDisabled();
    await drawer.getByLabel('Slack URL').fill('https://northwind.slack.com/archives/C042');
    await drawer.getByLabel('Figma URL').fill('https://www.figma.com/file/northwind');
    await drawer.getByRole('button', { name: 'Save' }).click();
    await expect(drawer).toBeHidden();

    await expect(page.getByText('On every phone.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'External Urls' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Design Urls' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Live Site Urls' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Repo Urls' })).toHaveCount(0);
    const slack = page.getByRole('link', { name: /^Slack/ });
    await expect(slack).toHaveAttribute('href', 'https://northwind.slack.com/archives/C042');
    await expect(slack).toHaveAttribute('target', '_blank');
    await expect(slack).toHaveAttribute('rel', 'noopener noreferrer');
    // The slug never changes, so the address still works.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Design Urls' })).toBeVisible();
  });

  await test.step('add phases, one completed today', async () => {
    const phases = page.getByRole('list', { name: 'Phases' });
    await page.getByRole('button', { name: 'Add Phase' }).click();
    let drawer = page.getByRole('dialog', { name: 'Add Phase' });
    await drawer.getByLabel('Phase').selectOption({ label: 'Discovery' });
    await drawer.getByRole('button', { name: /^Completed/ }).click();
    await page.getByRole('button', { name: /Today/ }).click();
    await expect(drawer.getByRole('button', { name: /^Completed/ })).toContainText(
      longDate(new Date()),
    );
    await drawer.getByRole('button', { name: 'Save' }).click();
    await expect(drawer).toBeHidden();
    await expect(phases.getByRole('listitem').filter({ hasText: 'Discovery' })).toContainText(
      `Completed ${longDate(new Date())}`,
    );

    await page.getByRole('button', { name: 'Add Phase' }).click();
    drawer = page.getByRole('dialog', { name: 'Add Phase' });
    // A phase the project already has is not offered again.
    await expect(drawer.getByRole('option', { name: 'Discovery' })).toHaveCount(0);
    await drawer.getByLabel('Phase').selectOption({ label: 'Design' });
    await drawer.getByRole('button', { name: 'Save' }).click();
    await expect(drawer).toBeHidden();
    await expect(phases.getByRole('listitem')).toHaveText([/Discovery/, /Design.*Not completed/]);

    // The date travelled as yyyy-MM-dd.
    const project = (await visibleProjects(request, staffToken)).find(
      (p) => p.slug === projectSlug,
    );
    const answer = await request.get(`/api/project-phases/?project=${project?.id}`, {
      headers: { Authorization: `Token ${staffToken}` },
    });
    const stored = projectPhaseSchema.array().parse((await answer.json()).results);
    expect(stored.map((p) => [p.phase.phase_name, p.completed])).toEqual([
      ['Discovery', isoDate(new Date())],
      ['Design', null],
    ]);
  });

  await test.step('add notes with a status', async () => {
    const notes = page.getByRole('list', { name: 'Notes' });
    await page.getByRole('button', { name: 'Add Note' }).click();
    let drawer = page.getByRole('dialog', { name: 'Add Note' });
    await drawer.getByLabel('Note').fill('Waiting for product photos.');
    await drawer.getByLabel('Status').selectOption({ label: 'On Hold' });
    await drawer.getByRole('button', { name: 'Save' }).click();
    await expect(drawer).toBeHidden();

    await page.getByRole('button', { name: 'Add Note' }).click();
    drawer = page.getByRole('dialog', { name: 'Add Note' });
    await drawer.getByLabel('Note').fill('Checkout flow agreed.');
    await drawer.getByRole('button', { name: 'Save' }).click();
    await expect(drawer).toBeHidden();
    // Newest first.
    await expect(notes.getByRole('listitem')).toHaveText([
      /Open.*Checkout flow agreed\./,
      /On Hold.*Waiting for product photos\./,
    ]);
  });

  await test.step('create three milestones', async () => {
    for (const name of ['Alpha', 'Beta', 'Gamma']) {
      await page.getByRole('button', { name: 'Add Milestone' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Milestone' });
      await dialog.getByLabel('Name').fill(name);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog).toBeHidden();
    }
    await expect(milestoneRows(page)).toHaveText([/Alpha/, /Beta/, /Gamma/]);
    await expect(page.getByRole('link', { name: 'View Test Plan for Alpha' })).toHaveAttribute(
      'href',
      /^\/milestones\/\d+$/,
    );
  });

  await test.step('reorder the milestones by dragging; the order is kept', async () => {
    const moved = page.waitForResponse(
      (response) => response.url().includes('/move/') && response.request().method() === 'POST',
    );
    await dragOnto(
      page,
      page.getByRole('button', { name: 'Reorder Gamma' }),
      page.getByRole('button', { name: 'Reorder Alpha' }),
    );
    await expect(milestoneRows(page)).toHaveText([/Gamma/, /Alpha/, /Beta/]);
    expect((await moved).status()).toBe(200);
    await page.reload();
    await expect(milestoneRows(page)).toHaveText([/Gamma/, /Alpha/, /Beta/]);
  });

  await test.step('delete a milestone after confirming', async () => {
    await page.getByRole('button', { name: 'Delete Beta' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete milestone' });
    await expect(confirm).toContainText('Are you sure you want to delete this milestone?');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(confirm).toBeHidden();
    await expect(milestoneRows(page)).toHaveText([/Gamma/, /Alpha/]);
    await page.reload();
    await expect(milestoneRows(page)).toHaveText([/Gamma/, /Alpha/]);
  });
});

test('the client user sets a password, then sees only their project, read-only', async ({
  page,
  request,
}) => {
  test.setTimeout(scaled(90_000));
  expect(invitationPath, 'the first test sent the invitation').not.toBe('');

  await test.step('the invitation link sets a password; the user can log in', async () => {
    await page.goto(invitationPath);
    await page.getByLabel('New password', { exact: true }).fill(memberPassword);
    await page.getByLabel('Confirm new password').fill(memberPassword);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Email').fill(memberEmail);
    await page.getByLabel('Password').fill(memberPassword);
    await page.getByRole('button', { name: 'Login', exact: true }).last().click();
    await expect(page).toHaveURL(/\/estimates$/);
  });

  await test.step('staff screens send the user to /; her Projects lists her project', async () => {
    for (const path of ['/clients', `/clients/northwind-${run}`]) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/estimates$/);
    }
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link')).toHaveText(['Home', 'Projects', 'Estimates', 'Test runs']);
    await nav.getByRole('link', { name: 'Projects' }).click();
    await expect(page.getByRole('table', { name: 'Projects' }).getByRole('link')).toHaveText([
      projectName,
    ]);
  });

  await test.step('only their project, without any editing control', async () => {
    const { token } = await apiLogin(request, memberEmail, memberPassword);
    expect((await visibleProjects(request, token)).map((p) => p.slug)).toEqual([projectSlug]);

    await page.goto(`/projects/${projectSlug}`);
    await expect(page.getByRole('heading', { name: projectName, level: 1 })).toBeVisible();
    await expect(page).toHaveTitle(`${projectName} | Studio Portal`);
    await expect(milestoneRows(page)).toHaveText([/Gamma/, /Alpha/]);
    await expect(page.getByRole('list', { name: 'Notes' }).getByRole('listitem')).toHaveCount(2);
    await expect(page.getByRole('heading', { name: 'External Urls' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'View Test Plan for Gamma' })).toBeVisible();
    for (const name of [
      'Edit project',
      'Add Phase',
      'Add Milestone',
      'Add Note',
      'Reorder Gamma',
      'Rename Gamma',
      'Delete Gamma',
      'Edit Discovery',
    ])
      await expect(page.getByRole('button', { name })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Edit note/ })).toHaveCount(0);
  });

  await test.step("another client's project is not found", async () => {
    await page.goto(`/projects/${otherProjectSlug}`);
    await expect(
      page.getByRole('heading', { name: 'This project could not be found' }),
    ).toBeVisible();
    await expect(page.getByText(`Umbrella Lab ${run}`)).toHaveCount(0);
    await page.getByRole('link', { name: 'Go home' }).click();
    await expect(page).toHaveURL(/\/estimates$/);
  });
});
