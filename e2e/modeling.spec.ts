import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { createVerifiedUser, signInAsAdmin, signInWithToken } from './support/api';
import { canvasNamesViaApi, createCanvasViaApi } from './support/canvas-api';
import { createClientViaApi } from './support/clients-api';
import { linkClientUser } from './support/estimates-api';

const canvasTable = (page: Page) => page.getByRole('table', { name: 'Canvases' });
const canvasRow = (page: Page, name: string) =>
  canvasTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name, exact: true }) });

test('staff create a canvas for a client, find it in the list, open it and delete one', async ({
  page,
  request,
}) => {
  const id = randomUUID().slice(0, 6);
  const token = await signInAsAdmin(page, request, '/experimental');
  const client = await createClientViaApi(request, token, `Modeling Co ${id}`);
  const doomed = await createCanvasViaApi(request, token, {
    name: `Scratch ${id}`,
    client_id: client.id,
  });

  await test.step('the experimental page leads to DB Modeling', async () => {
    await expect(page.getByRole('heading', { name: 'Experimental', level: 1 })).toBeVisible();
    await expect(page).toHaveTitle('Experimental | Studio Portal');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Experimental' })
      .click();
    await page.getByRole('link', { name: 'DB Modeling' }).click();
    await expect(page).toHaveURL(/\/experimental\/modeling$/);
    await expect(page.getByRole('heading', { name: 'DB Modeling', level: 1 })).toBeVisible();
    await expect(page).toHaveTitle('DB Modeling | Studio Portal');
    await expect(canvasRow(page, doomed.name)).toContainText(client.name);
  });

  const name = page.getByRole('textbox', { name: 'Canvas Name' });
  const clientSelect = page.getByRole('combobox', { name: 'Client' });
  const create = page.getByRole('button', { name: 'Create' });
  const posts: string[] = [];
  page.on('request', (sent) => {
    if (sent.method() === 'POST' && new URL(sent.url()).pathname === '/api/canvas/')
      posts.push(sent.postData() ?? '');
  });

  await test.step('without both a name and a client, Create does nothing and says nothing', async () => {
    await expect(name).toHaveAttribute('placeholder', 'New canvas');
    await expect(clientSelect.getByRole('option', { name: client.name })).toBeAttached();
    await create.click();
    await name.fill('Orders');
    await create.click();
    await name.fill('');
    await clientSelect.selectOption({ label: client.name });
    await create.click();
    await name.fill('   ');
    await create.click();
    await expect(page).toHaveURL(/\/experimental\/modeling$/);
    await expect(page.getByRole('alert')).toHaveCount(0);
    // Had any of those clicks sent a request, it would be in `posts` before the real one below.
  });

  const canvasName = `Orders ${id}`;
  await test.step('with both, the canvas is created with an empty diagram and opens', async () => {
    await name.fill(canvasName);
    await create.click();
    await expect(page).toHaveURL(/\/experimental\/modeling\/\d+$/);
    await expect(page.getByRole('heading', { name: canvasName, level: 1 })).toBeVisible();
    await expect(page.getByRole('application')).toBeVisible();
    expect(posts.map((body) => JSON.parse(body) as unknown)).toEqual([
      { name: canvasName, client_id: client.id, data: '' },
    ]);
  });
  const editorUrl = page.url();

  await test.step('the list shows it with its client and links to its editor', async () => {
    await page.goBack();
    const row = canvasRow(page, canvasName);
    await expect(row).toContainText(client.name);
    await page.reload();
    await expect(row).toContainText(client.name);
    await row.getByRole('link', { name: canvasName }).click();
    await expect(page).toHaveURL(editorUrl);
    await expect(page.getByRole('heading', { name: canvasName, level: 1 })).toBeVisible();
    await page.getByRole('link', { name: 'Back to canvases' }).click();
    await expect(page).toHaveURL(/\/experimental\/modeling$/);
  });

  await test.step('Delete asks first; Cancel keeps the canvas, Delete removes it', async () => {
    await page.goto('/experimental/modeling');
    const remove = page.getByRole('button', { name: `Delete canvas ${doomed.name}` });
    await remove.click();
    const dialog = page.getByRole('dialog', { name: 'Delete Canvas' });
    await expect(dialog).toContainText('Are you sure you want to delete this canvas?');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(canvasRow(page, doomed.name)).toBeVisible();

    await remove.click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(canvasRow(page, doomed.name)).toHaveCount(0);
    await expect(canvasRow(page, canvasName)).toBeVisible();
    const names = await canvasNamesViaApi(request, token);
    expect(names).toContain(canvasName);
    expect(names).not.toContain(doomed.name);
  });
});

test('a client user cannot reach the modeling screens, and the API refuses them', async ({
  page,
  request,
}) => {
  const id = randomUUID().slice(0, 6);
  const admin = await signInAsAdmin(page, request, '/experimental/modeling');
  const client = await createClientViaApi(request, admin, `Member Co ${id}`);
  const canvas = await createCanvasViaApi(request, admin, {
    name: `Private ${id}`,
    client_id: client.id,
  });
  const member = await createVerifiedUser(request, 'modeler');
  await linkClientUser(request, admin, client.id, member.user.id);

  await signInWithToken(page, member.token, '/experimental/modeling');
  await expect(page).toHaveURL(/\/estimates$/);
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Experimental' }),
  ).toHaveCount(0);
  for (const path of ['/experimental', `/experimental/modeling/${canvas.id}`]) {
    await page.goto(path);
    await expect(page, `from ${path}`).toHaveURL(/\/estimates$/);
  }

  const headers = { Authorization: `Token ${member.token}` };
  const calls = [
    request.get('/api/canvas/', { headers }),
    request.get(`/api/canvas/${canvas.id}/`, { headers }),
    request.post('/api/canvas/', {
      headers,
      data: { name: 'Mine', client_id: client.id, data: '' },
    }),
    request.patch(`/api/canvas/${canvas.id}/`, { headers, data: { data: '' } }),
    request.delete(`/api/canvas/${canvas.id}/`, { headers }),
  ];
  for (const response of await Promise.all(calls))
    expect(response.status(), `${response.url()}: ${await response.text()}`).toBe(403);
  expect(await canvasNamesViaApi(request, admin)).toContain(canvas.name);
});
