import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { adminToken, signInWithToken } from './support/api';
import { seriousViolations } from './support/axe';
import { ADMIN } from './support/env';
import { createLead, uniqueTag } from './support/leads-api';
import { createScreensData } from './support/screens-data';
import { animationsDone } from './support/settled';
import { createFlowsViaApi, createMilestoneViaApi, planShape } from './support/test-plans-api';
import { scaled } from './support/time';

/**
 * Issue 19, second half: every drawer has its URL (a link opens it, Back closes it), unsaved
 * changes are never lost without asking, a delete can be undone, focus never falls to the top
 * of the page, and there is a skip link.
 */
// Each test does what a person would, screen after screen: give a busy machine time.
test.describe.configure({ mode: 'serial', timeout: scaled(90_000) });

const SHOTS = process.env.E2E_SHOTS ?? '/tmp/drawers/shots';

let token: string;
let data: Awaited<ReturnType<typeof createScreensData>>;
let noteId: number;

const auth = () => ({ Authorization: `Token ${token}` });

test.beforeAll(async ({ request }) => {
  token = await adminToken(request);
  data = await createScreensData(request, token, uniqueTag('drawers'));
  const note = await request.post('/api/project-notes/', {
    headers: auth(),
    data: { project: data.project.id, content: 'Ask about the logo files', status: 'open' },
  });
  expect(note.status(), await note.text()).toBe(201);
  noteId = ((await note.json()) as { id: number }).id;
});

const itemsOf = async (request: APIRequestContext, estimateId: number) => {
  const response = await request.get(`/api/estimate-items/?estimate=${estimateId}`, {
    headers: auth(),
  });
  const body = (await response.json()) as { results: { id: number; description: string }[] };
  return body.results.map((item) => item.description);
};

/** Answers a delete's confirmation dialog (titled `title`) with Delete. */
const confirmDelete = (page: Page, title: string) =>
  page.getByRole('dialog', { name: title }).getByRole('button', { name: 'Delete' }).click();

/** A new lead and its drawer, opened from its link (the leads screen loads, then the lead). */
const openNewLead = async (
  page: Page,
  request: APIRequestContext,
  name: { first_name: string; last_name: string },
) => {
  const lead = await createLead(request, token, {
    ...name,
    email: `${uniqueTag(name.last_name.toLowerCase())}@example.test`,
  });
  await signInWithToken(page, token, `/leads?lead=${lead.id}`);
  return { lead, drawer: page.getByRole('dialog', { name: 'Update Lead' }) };
};

test('a drawer has its own URL: a link opens it, Back closes it, closing updates the URL', async ({
  page,
}) => {
  const projectPath = `/projects/${data.project.slug}`;
  await signInWithToken(page, token, `${projectPath}?note=${noteId}`);

  await test.step('the link opens the page with the note drawer open, focus in its first field', async () => {
    const drawer = page.getByRole('dialog', { name: 'Update Note' });
    await expect(drawer).toBeVisible();
    const note = drawer.getByLabel('Note');
    await expect(note).toHaveValue('Ask about the logo files');
    await expect(note).toBeFocused();
    // Focused, but nothing selected: the next key typed does not replace the text.
    expect(
      await note.evaluate((el: HTMLTextAreaElement) => el.selectionEnd - el.selectionStart),
    ).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);

    for (const [width, height, name] of [
      [1280, 800, 'drawer-1280'],
      [390, 844, 'drawer-390'],
    ] as const) {
      await page.setViewportSize({ width, height });
      // The drawer settles into the new size (its transitions end) before the picture.
      await animationsDone(page);
      await page.screenshot({ path: `${SHOTS}/${name}.png` });
    }
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`${projectPath}$`));
  });

  await test.step('opening pushes history, so Back closes the drawer and stays on the page', async () => {
    await page.getByRole('button', { name: /^Edit note: Ask about the logo/ }).click();
    await expect(page.getByRole('dialog', { name: 'Update Note' })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`\\?note=${noteId}$`));
    await page.goBack();
    await expect(page.getByRole('dialog', { name: 'Update Note' })).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`${projectPath}$`));
    await expect(page.getByRole('heading', { name: data.project.name, level: 1 })).toBeVisible();

    await page.getByRole('button', { name: 'Add Note' }).click();
    await expect(page).toHaveURL(/\?note=new$/);
    await page
      .getByRole('dialog', { name: 'Add Note' })
      .getByRole('button', { name: 'Cancel' })
      .click();
    await expect(page).toHaveURL(new RegExp(`${projectPath}$`));
  });
});

test('unsaved changes: Escape, Back and leaving the page ask first', async ({ page }) => {
  const projectPath = `/projects/${data.project.slug}`;
  await signInWithToken(page, token, projectPath);
  await page.getByRole('button', { name: /^Edit note: Ask about the logo/ }).click();
  const drawer = page.getByRole('dialog', { name: 'Update Note' });
  const note = drawer.getByLabel('Note');
  await note.press('End');
  await note.pressSequentially(' and the fonts');
  const question = page.getByRole('dialog', { name: 'Discard unsaved changes?' });

  await test.step('Escape asks; "Keep editing" keeps the text', async () => {
    await page.keyboard.press('Escape');
    await expect(question).toBeVisible();
    await question.getByRole('button', { name: 'Keep editing' }).click();
    await expect(question).toBeHidden();
    await expect(note).toHaveValue('Ask about the logo files and the fonts');
  });

  await test.step('a click outside asks too', async () => {
    await page.mouse.click(40, 400);
    await expect(question).toBeVisible();
    await question.getByRole('button', { name: 'Keep editing' }).click();
    await expect(drawer).toBeVisible();
  });

  await test.step('Back asks; "Keep editing" stays, "Discard" closes without saving', async () => {
    await page.goBack();
    await expect(question).toBeVisible();
    await question.getByRole('button', { name: 'Keep editing' }).click();
    await expect(drawer).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`\\?note=${noteId}$`));

    await page.goBack();
    await question.getByRole('button', { name: 'Discard' }).click();
    await expect(drawer).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`${projectPath}$`));
    await expect(page.getByText('Ask about the logo files and the fonts')).toHaveCount(0);
  });

  await test.step('closing the tab with changes gets the browser’s own prompt', async () => {
    await page.getByRole('button', { name: /^Edit note: Ask about the logo/ }).click();
    await drawer.getByLabel('Note').pressSequentially('!');
    const prompt = page.waitForEvent('dialog');
    await page.close({ runBeforeUnload: true });
    const dialog = await prompt;
    expect(dialog.type()).toBe('beforeunload');
    await dialog.accept();
  });
});

test('unsaved changes in the item drawer, the estimate drawer, the section, send and price forms and the lead drawer ask first too', async ({
  page,
  request,
}) => {
  const question = page.getByRole('dialog', { name: 'Discard unsaved changes?' });

  await test.step('item drawer: Cancel asks, navigation asks, Discard leaves it unsaved', async () => {
    await signInWithToken(page, token, `/estimates/${data.estimate.id}`);
    await page.getByRole('button', { name: 'Wireframes', exact: true }).click();
    const drawer = page.getByRole('dialog', { name: 'Update Item' });
    const notes = drawer.getByLabel('Notes');
    await notes.fill('Two rounds of review');
    await drawer.getByRole('button', { name: 'Cancel' }).click();
    await expect(question).toBeVisible();
    await question.getByRole('button', { name: 'Keep editing' }).click();
    await expect(notes).toHaveValue('Two rounds of review');
    await page.keyboard.press('Escape');
    await expect(question).toBeVisible();
    await question.getByRole('button', { name: 'Keep editing' }).click();
    await page.goBack();
    await expect(question).toBeVisible();
    await question.getByRole('button', { name: 'Discard' }).click();
    await expect(drawer).toBeHidden();
    const items = await request.get(`/api/estimate-items/?estimate=${data.estimate.id}`, {
      headers: auth(),
    });
    const body = (await items.json()) as { results: { description: string; notes: string }[] };
    expect(body.results.find((item) => item.description === 'Wireframes')?.notes).toBe('');
  });

  await test.step('estimate drawer: it has a URL, Escape asks, Back closes it', async () => {
    await signInWithToken(page, token, `/estimates/${data.estimate.id}`);
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const drawer = page.getByRole('dialog', { name: 'Update Estimate' });
    await expect(page).toHaveURL(/\?edit=estimate$/);
    const name = drawer.getByLabel('Name');
    await name.fill('Renamed estimate');
    await page.keyboard.press('Escape');
    await expect(question).toBeVisible();
    await question.getByRole('button', { name: 'Keep editing' }).click();
    await expect(name).toHaveValue('Renamed estimate');
    await page.goBack();
    await expect(question).toBeVisible();
    await question.getByRole('button', { name: 'Discard' }).click();
    await expect(drawer).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/estimates/${data.estimate.id}$`));
    const stored = await request.get(`/api/estimates/${data.estimate.id}/`, { headers: auth() });
    expect(((await stored.json()) as { name: string }).name).not.toBe('Renamed estimate');
    // A link opens it; with nothing changed, Back closes it at once.
    await page.goForward();
    await expect(drawer).toBeVisible();
    await page.goBack();
    await expect(drawer).toBeHidden();
  });

  await test.step('section dialog: a click outside asks, Discard keeps the old name', async () => {
    await signInWithToken(page, token, `/estimates/${data.estimate.id}`);
    await page.getByRole('button', { name: 'Edit section' }).click();
    const dialog = page.getByRole('dialog', { name: 'Update Section' });
    await expect(page).toHaveURL(/\?section=\d+$/);
    await dialog.getByLabel('Name').fill('Visual design');
    await page.mouse.click(40, 400);
    await expect(question).toBeVisible();
    await question.getByRole('button', { name: 'Discard' }).click();
    await expect(dialog).toBeHidden();
    const sections = await request.get(`/api/estimate-sections/?estimate=${data.estimate.id}`, {
      headers: auth(),
    });
    const names = ((await sections.json()) as { results: { name: string }[] }).results;
    expect(names.map((section) => section.name)).toEqual(['Design']);
  });

  await test.step('send dialog: a message written asks before Escape throws it away', async () => {
    await signInWithToken(page, token, `/estimates/${data.estimate.id}`);
    await page.getByRole('button', { name: 'Send to client' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send to client' });
    const message = dialog.getByLabel('Message (optional)');
    await message.fill('Here is the first estimate');
    await page.keyboard.press('Escape');
    await expect(question).toBeVisible();
    await question.getByRole('button', { name: 'Keep editing' }).click();
    await expect(message).toHaveValue('Here is the first estimate');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await question.getByRole('button', { name: 'Discard' }).click();
    await expect(dialog).toBeHidden();
    const versions = await request.get(`/api/estimate-versions/?estimate=${data.estimate.id}`, {
      headers: auth(),
    });
    expect(((await versions.json()) as { count: number }).count).toBe(0);
  });

  await test.step('price: a rate typed and not saved asks before the page is left', async () => {
    const rate = page.getByLabel('Hourly rate');
    await rate.fill('120');
    await page.getByLabel('Currency').fill('EUR');
    await page.getByRole('link', { name: 'Estimates', exact: true }).first().click();
    await expect(question).toBeVisible();
    await question.getByRole('button', { name: 'Keep editing' }).click();
    await expect(page).toHaveURL(new RegExp(`/estimates/${data.estimate.id}$`));
    await expect(rate).toHaveValue('120');
    await page.getByRole('button', { name: 'Save price' }).click();
    await expect(page.getByText('Price saved')).toBeVisible();
    // Saved, it is clean: the same link leaves at once.
    await page.getByRole('link', { name: 'Estimates', exact: true }).first().click();
    await expect(page).toHaveURL(/\/estimates$/);
    const stored = await request.get(`/api/estimates/${data.estimate.id}/`, { headers: auth() });
    expect(((await stored.json()) as { hourly_rate: string }).hourly_rate).toBe('120.00');
  });

  await test.step('lead drawer: Escape and a click outside ask, Discard closes', async () => {
    const { lead, drawer } = await openNewLead(page, request, {
      first_name: 'Margaret',
      last_name: 'Hamilton',
    });
    const firstName = drawer.getByLabel('First name');
    await expect(firstName).toHaveValue('Margaret', { timeout: scaled(20_000) });
    await firstName.fill('Maggie');
    await page.keyboard.press('Escape');
    await expect(question).toBeVisible();
    await question.getByRole('button', { name: 'Keep editing' }).click();
    await expect(firstName).toHaveValue('Maggie');
    await page.mouse.click(40, 400);
    await expect(question).toBeVisible();
    await question.getByRole('button', { name: 'Discard' }).click();
    await expect(drawer).toBeHidden();
    await expect(page).toHaveURL(/\/leads$/);
    const stored = await request.get(`/api/leads/${lead.id}/`, { headers: auth() });
    expect(((await stored.json()) as { first_name: string }).first_name).toBe('Margaret');
  });
});

test('Undo brings a deleted estimate item back where it was', async ({ page, request }) => {
  const sections = await request.get(`/api/estimate-sections/?estimate=${data.estimate.id}`, {
    headers: auth(),
  });
  const [section] = ((await sections.json()) as { results: { id: number }[] }).results;
  for (const description of ['Sitemap', 'Style tiles']) {
    const response = await request.post('/api/estimate-items/', {
      headers: auth(),
      data: { section: section?.id, description, hours_low: '1', hours_high: '2' },
    });
    expect(response.status(), await response.text()).toBe(201);
  }
  expect(await itemsOf(request, data.estimate.id)).toEqual([
    'Wireframes',
    'Sitemap',
    'Style tiles',
  ]);
  await signInWithToken(page, token, `/estimates/${data.estimate.id}`);
  await page.getByRole('button', { name: 'Sitemap', exact: true }).click();
  await expect(page).toHaveURL(/\?item=\d+$/);
  const drawer = page.getByRole('dialog', { name: 'Update Item' });
  await drawer.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Item' });
  await expect(confirm).toContainText('Are you sure you want to delete this item?');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(drawer).toBeHidden();
  await expect
    .poll(() => itemsOf(request, data.estimate.id))
    .toEqual(['Wireframes', 'Style tiles']);

  const toast = page.getByRole('status').filter({ hasText: 'Item deleted' });
  await toast.getByRole('button', { name: 'Undo' }).click();
  await expect
    .poll(() => itemsOf(request, data.estimate.id))
    .toEqual(['Wireframes', 'Sitemap', 'Style tiles']);
  await expect(page.getByRole('button', { name: 'Sitemap', exact: true })).toBeVisible();
});

const post = async (request: APIRequestContext, path: string, body: object) => {
  const response = await request.post(path, { headers: auth(), data: body });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: number };
};
const texts = async (request: APIRequestContext, path: string, field: 'content' | 'message') => {
  const response = await request.get(path, { headers: auth() });
  const body = (await response.json()) as { results: Record<string, string>[] };
  return body.results.map((row) => row[field]);
};
/** Presses Undo on the toast that says `message`. */
const undo = (page: Page, message: string) =>
  page
    .getByRole('status')
    .filter({ hasText: message })
    .getByRole('button', { name: 'Undo' })
    .click();

test('Undo brings a deleted project note back in its place, newest first', async ({
  page,
  request,
}) => {
  for (const content of ['Older note', 'The note to delete', 'Newest note'])
    await post(request, '/api/project-notes/', { project: data.project.id, content });
  const notesPath = `/api/project-notes/?project=${data.project.id}`;
  const before = await texts(request, notesPath, 'content');
  await signInWithToken(page, token, `/projects/${data.project.slug}`);
  const notes = page.getByRole('list', { name: 'Notes' });
  await notes.getByRole('button', { name: 'Edit note: The note to delete' }).click();
  const drawer = page.getByRole('dialog', { name: 'Update Note' });
  await drawer.getByRole('button', { name: 'Delete' }).click();
  await confirmDelete(page, 'Delete note');
  await expect(drawer).toBeHidden();
  await expect(notes.getByText('The note to delete')).toHaveCount(0);
  await undo(page, 'The note was deleted');
  await expect(notes.getByRole('listitem').nth(1)).toContainText('The note to delete');
  await expect.poll(() => texts(request, notesPath, 'content')).toEqual(before);
});

test('Undo brings a deleted item comment back with its author, in its place', async ({
  page,
  request,
}) => {
  const items = await request.get(`/api/estimate-items/?estimate=${data.estimate.id}`, {
    headers: auth(),
  });
  const item = ((await items.json()) as { results: { id: number; description: string }[] })
    .results[0];
  for (const content of ['The comment to delete', 'A later comment'])
    await post(request, '/api/estimate-item-comments/', { item: item?.id, content });
  const commentsPath = `/api/estimate-item-comments/?estimate_item=${item?.id}`;
  const before = await texts(request, commentsPath, 'content');
  await signInWithToken(page, token, `/estimates/${data.estimate.id}?item=${item?.id}`);
  const drawer = page.getByRole('dialog', { name: 'Update Item' });
  const thread = drawer.getByRole('list', { name: 'Comments' });
  const deleted = thread.getByRole('listitem').filter({ hasText: 'The comment to delete' });
  await deleted.getByRole('button', { name: 'Delete comment' }).click();
  await confirmDelete(page, 'Delete comment');
  await expect(deleted).toHaveCount(0);
  await undo(page, 'Comment deleted');
  await expect(thread.getByRole('listitem')).toHaveCount(before.length);
  await expect(
    thread.getByRole('listitem').nth(before.indexOf('The comment to delete')),
  ).toContainText(ADMIN.email);
  await expect.poll(() => texts(request, commentsPath, 'content')).toEqual(before);
});

test('Undo brings a deleted lead comment back in its place, oldest first', async ({
  page,
  request,
}) => {
  const lead = await createLead(request, token, {
    first_name: 'Katherine',
    last_name: 'Johnson',
    email: `${uniqueTag('johnson')}@example.test`,
  });
  for (const message of ['First call', 'Second call', 'Third call'])
    await post(request, '/api/lead-comments/', { lead: lead.id, message });
  const commentsPath = `/api/lead-comments/?lead=${lead.id}`;
  await signInWithToken(page, token, `/leads?lead=${lead.id}`);
  const drawer = page.getByRole('dialog', { name: 'Update Lead' });
  const thread = drawer.getByRole('list', { name: 'Comments' });
  await expect(thread.getByRole('listitem')).toHaveCount(3, { timeout: scaled(20_000) });
  await thread
    .getByRole('listitem')
    .filter({ hasText: 'Second call' })
    .getByRole('button', { name: 'Delete comment' })
    .click();
  await confirmDelete(page, 'Delete comment');
  await expect(thread.getByRole('listitem')).toHaveCount(2);
  await undo(page, 'Comment deleted');
  await expect(thread.getByRole('listitem')).toContainText([
    'First call',
    'Second call',
    'Third call',
  ]);
  await expect
    .poll(() => texts(request, commentsPath, 'message'))
    .toEqual(['First call', 'Second call', 'Third call']);
});

test('a keyboard takes back a deleted comment without leaving the drawer', async ({
  page,
  request,
}) => {
  const { lead, drawer } = await openNewLead(page, request, {
    first_name: 'Dorothy',
    last_name: 'Vaughan',
  });
  for (const message of ['Called', 'Sent the brief'])
    await post(request, '/api/lead-comments/', { lead: lead.id, message });
  await page.reload();
  const thread = drawer.getByRole('list', { name: 'Comments' });
  await expect(thread.getByRole('listitem')).toHaveCount(2, { timeout: scaled(20_000) });
  await thread.getByRole('button', { name: 'Delete comment' }).first().press('Enter');
  await page
    .getByRole('dialog', { name: 'Delete comment' })
    .getByRole('button', { name: 'Delete' })
    .press('Enter');
  await expect(thread.getByRole('listitem')).toHaveCount(1);
  // The drawer traps focus, so its Undo is in the drawer, and focus is on it.
  const undoHere = drawer.getByRole('button', { name: 'Undo' });
  await expect(undoHere).toBeFocused();
  await page.screenshot({ path: `${SHOTS}/comment-undo-in-drawer.png` });
  await page.keyboard.press('Enter');
  await expect(thread.getByRole('listitem')).toContainText(['Called', 'Sent the brief']);
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('textbox', { name: 'New comment' })).toBeFocused();
  // Taken once: the toast offering the same Undo is gone too.
  await expect(page.getByRole('status').filter({ hasText: 'Comment deleted' })).toHaveCount(0);
  await expect
    .poll(() => texts(request, `/api/lead-comments/?lead=${lead.id}`, 'message'))
    .toEqual(['Called', 'Sent the brief']);
});

test('Undo brings a deleted test step back; focus follows the inline editor', async ({
  page,
  request,
}) => {
  const milestoneId = data.milestone.id;
  await signInWithToken(page, token, `/milestones/${milestoneId}`);
  const flow = page.getByRole('region', { name: 'Sign in', exact: true });

  await test.step('focus returns to the step after the inline editor saves or cancels', async () => {
    const edit = flow.getByRole('button', { name: 'Edit step 2: Enter the password' });
    await edit.click();
    const editor = flow.getByRole('textbox', { name: 'Step 2 description' });
    await editor.press('End');
    await editor.pressSequentially(' twice');
    await editor.press('Enter');
    const edited = flow.getByRole('button', { name: 'Edit step 2: Enter the password twice' });
    await expect(edited).toBeFocused();
    await edited.press('Enter');
    await flow.getByRole('textbox', { name: 'Step 2 description' }).press('Escape');
    await expect(edited).toBeFocused();
  });

  await test.step('delete step 1, then Undo puts it back first', async () => {
    await flow.getByRole('button', { name: 'Delete step 1: Open the login page' }).click();
    await confirmDelete(page, 'Delete step');
    await expect
      .poll(() => planShape(request, token, milestoneId))
      .toEqual([['Sign in', ['VERIFY Enter the password twice']]]);
    // Focus moves to the step now in its place, not to the top of the page.
    await expect(
      flow.getByRole('button', { name: 'Edit step 1: Enter the password twice' }),
    ).toBeFocused();
    const toast = page.getByRole('status').filter({ hasText: 'Step deleted' });
    expect(await seriousViolations(page)).toEqual([]);
    await toast.getByRole('button', { name: 'Undo' }).click();
    await expect
      .poll(() => planShape(request, token, milestoneId))
      .toEqual([['Sign in', ['VERIFY Open the login page', 'VERIFY Enter the password twice']]]);
    await expect(
      flow.getByRole('button', { name: 'Edit step 1: Open the login page' }),
    ).toBeAttached();
    // The toast leaves, and gives the focus back to where it was before the click on its Undo
    // (sonner): a field opened before then lost it and closed (a clean-clone run, 27 November).
    await expect(toast).toHaveCount(0);
  });

  await test.step('after Add step, Escape gives focus back to Add step', async () => {
    await flow.getByRole('button', { name: 'Add step' }).click();
    const draft = flow.getByRole('textbox', { name: 'New step description' });
    await draft.fill('Log out');
    await draft.press('Enter');
    await expect(draft).toHaveValue('');
    await expect(draft).toBeFocused();
    await draft.press('Escape');
    await expect(flow.getByRole('button', { name: 'Add step' })).toBeFocused();
    await expect
      .poll(() => planShape(request, token, milestoneId))
      .toEqual([
        [
          'Sign in',
          ['VERIFY Open the login page', 'VERIFY Enter the password twice', 'VERIFY Log out'],
        ],
      ]);
  });
});

test('after a flow is deleted, focus lands on the flow now in its place, then Add flow', async ({
  page,
  request,
}) => {
  const milestone = await createMilestoneViaApi(request, token, {
    project: data.project.id,
    name: 'Flow focus',
  });
  await createFlowsViaApi(request, token, milestone.id, [
    { name: 'Browse', steps: ['Open the home page'] },
    { name: 'Search', steps: [] },
    { name: 'Pay', steps: [] },
  ]);
  await signInWithToken(page, token, `/milestones/${milestone.id}`);
  const deleteFlow = async (name: string) => {
    await page
      .getByRole('region', { name, exact: true })
      .getByRole('button', { name: 'Delete flow' })
      .click();
    await confirmDelete(page, 'Delete flow');
    await expect(page.getByRole('region', { name, exact: true })).toHaveCount(0);
  };
  const deleteOf = (name: string) =>
    page.getByRole('region', { name, exact: true }).getByRole('button', { name: 'Delete flow' });

  // The middle one: the next flow takes its place.
  await deleteFlow('Search');
  await expect(deleteOf('Pay')).toBeFocused();
  // The last one: the one before it.
  await page.keyboard.press('Enter');
  await confirmDelete(page, 'Delete flow');
  await expect(page.getByRole('region', { name: 'Pay', exact: true })).toHaveCount(0);
  await expect(deleteOf('Browse')).toBeFocused();
  // None left: Add flow.
  await deleteFlow('Browse');
  await expect(page.getByRole('button', { name: 'Add flow', exact: true })).toBeFocused();
  await expect.poll(() => planShape(request, token, milestone.id)).toEqual([]);
});

test('a lead drawer opens from its link and closes with Back', async ({ page, request }) => {
  const { drawer } = await openNewLead(page, request, { first_name: 'Grace', last_name: 'Hopper' });
  // A link opened directly loads the leads screen, then the lead itself.
  await expect(drawer).toBeVisible({ timeout: scaled(20_000) });
  await expect(drawer.getByLabel('First name')).toHaveValue('Grace');
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(page).toHaveURL(/\/leads$/);

  await page.getByRole('button', { name: 'Create Lead' }).click();
  await expect(page).toHaveURL(/\?lead=new$/);
  await expect(page.getByRole('dialog', { name: 'Create Lead' })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('dialog', { name: 'Create Lead' })).toBeHidden();
  await expect(page).toHaveURL(/\/leads$/);
});

test('a skip link leads past the navigation to the main content', async ({ page }) => {
  await signInWithToken(page, token, `/projects/${data.project.slug}`);
  await expect(page.getByRole('heading', { name: data.project.name, level: 1 })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.locator('main#main')).toBeFocused();
});
