import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { adminToken, createVerifiedUser, signInAsAdmin, signInWithToken } from './support/api';
import { seriousViolations } from './support/axe';
import { createClientWithProjectViaApi } from './support/clients-api';
import { impersonateResponseSchema } from '@portal/contract/users';
import { ADMIN } from './support/env';
import { createEstimateViaApi, linkClientUser } from './support/estimates-api';
import { mailsTo, nextMail } from './support/mail';
import { scaled } from './support/time';

/**
 * Issue 15 end to end: staff send a frozen version, the client user approves it with a typed
 * name (or asks for changes), staff see the outcome, the PDF downloads, and a second version
 * shows what changed.
 */

const run = () => randomUUID().slice(0, 6);

/** A client with a project, an estimate of two items, and a client user who can sign in. */
const setUp = async (request: APIRequestContext, label: string) => {
  const id = run();
  const token = await adminToken(request);
  const { client, project } = await createClientWithProjectViaApi(request, token, {
    client: `Hooli ${label} ${id}`,
    project: `Hooli Site ${id}`,
  });
  const estimate = await createEstimateViaApi(
    request,
    token,
    {
      project: project.id,
      name: `Shop ${label} ${id}`,
      description: 'The online shop.',
      safe_modifier: '1.50',
    },
    [
      {
        name: 'Build',
        items: [
          { description: 'Product pages', hours_low: '4', hours_high: '6' },
          { description: 'Checkout', hours_low: '8', hours_high: '10.5' },
        ],
      },
    ],
  );
  const member = await createVerifiedUser(request, 'signer', {
    first_name: 'Dana',
    last_name: 'Scully',
  });
  await linkClientUser(request, token, client.id, member.user.id);
  return { token, estimate, member };
};

const versionsCard = (page: Page) => page.getByRole('region', { name: 'Versions' });

test('staff send a version, the client approves it with a signature, the PDF holds it', async ({
  page,
  request,
}) => {
  test.setTimeout(scaled(120_000));
  const { estimate, member } = await setUp(request, 'approve');
  const estimatePath = `/estimates/${estimate.id}`;

  await test.step('staff price the estimate and send version 1 with a message', async () => {
    await signInAsAdmin(page, request, estimatePath);
    const price = page.getByRole('region', { name: 'Price' });
    await price.getByLabel('Hourly rate').fill('100');
    await price.getByLabel('Currency').fill('XX');
    await price.getByRole('button', { name: 'Save price' }).click();
    await expect(price.getByText('Enter a valid ISO 4217 currency code, e.g. EUR.')).toBeVisible();
    await price.getByLabel('Currency').fill('eur');
    await price.getByRole('button', { name: 'Save price' }).click();
    await expect(price.getByText('€1,200.00 – €1,650.00')).toBeVisible();
    await expect(price.getByText('€2,475.00')).toBeVisible();
    await expect(versionsCard(page).getByText('Draft: never sent.')).toBeVisible();
    await versionsCard(page).getByRole('button', { name: 'Send to client' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send to client' });
    await expect(dialog.getByText(member.email)).toBeVisible();
    // The open dialog, with its recipients (issue 26: their emails read 2.63:1).
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByLabel('Message (optional)').fill('Here is the shop estimate.');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(dialog).toBeHidden();
    await expect(versionsCard(page).getByRole('link', { name: 'Version 1' })).toBeVisible();
    await expect(versionsCard(page).getByText('Waiting for approval')).toBeVisible();
  });

  await test.step('the client user is emailed a link', async () => {
    const mail = await nextMail(member.email);
    expect(mail.subject).toBe(`Estimate to review: ${estimate.name} (version 1)`);
    expect(mail.text).toContain('Here is the shop estimate.');
    expect(mail.text).toContain(estimatePath);
  });

  await test.step('the client sees the waiting version and approves it with a typed name', async () => {
    await signInWithToken(page, member.token, estimatePath);
    const waiting = page.getByRole('region', { name: 'Version 1 is waiting for your approval' });
    await expect(waiting).toBeVisible();
    await expect(waiting.getByText('Here is the shop estimate.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Price' }).getByText('€2,475.00')).toBeVisible();
    await waiting.getByRole('button', { name: 'Approve' }).click();
    const dialog = page.getByRole('dialog', { name: 'Approve version 1' });
    await expect(dialog.getByText('total with contingency €2,475.00 (24.75 hours)')).toBeVisible();
    await dialog.getByRole('button', { name: 'Approve and sign' }).click();
    await expect(dialog.getByText('Type your full name to sign.')).toBeVisible();
    await dialog.getByLabel('Your full name').fill('Dana Scully');
    await dialog.getByLabel('Your full name').press('Enter');
    await expect(dialog).toBeHidden();
    const approved = page.getByRole('status').filter({ hasText: 'Approved by Dana Scully' });
    await expect(approved).toBeVisible();
    // The Approve button is gone with the dialog: focus is on the outcome, not <body>.
    await expect(approved).toBeFocused();
    await expect(waiting).toBeHidden();
    await expect(page.getByRole('link', { name: 'View version 1' })).toBeVisible();
  });

  await test.step('staff see Approved and the signature, and are emailed', async () => {
    await signInAsAdmin(page, request, estimatePath);
    await expect(versionsCard(page).getByText('Approved', { exact: true })).toBeVisible();
    await expect(versionsCard(page).getByText('signed “Dana Scully”')).toBeVisible();
    await expect
      .poll(async () =>
        (await mailsTo(ADMIN.email)).some((m) =>
          m.subject.endsWith(`approved ${estimate.name} (version 1)`),
        ),
      )
      .toBe(true);
  });

  await test.step('the estimate list shows the latest version status', async () => {
    await page.goto('/estimates');
    const row = page.getByRole('row').filter({ hasText: estimate.name });
    await expect(row.getByText('Approved', { exact: true })).toBeVisible();
    await row.getByRole('link', { name: estimate.name }).click();
  });

  await test.step('the version opens read-only and its PDF downloads', async () => {
    await versionsCard(page).getByRole('link', { name: 'Version 1' }).click();
    await expect(page.getByRole('heading', { name: estimate.name, level: 1 })).toBeVisible();
    await expect(page.getByText('Approved by Dana Scully')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create Section' })).toHaveCount(0);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download PDF' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^shop-approve-.*-v1\.pdf$/);
    const bytes = await readFile((await file.path())!);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), {
      mergePages: true,
    });
    for (const expected of [
      estimate.name,
      'Product pages',
      'Checkout',
      '12.00', // total low
      '16.50', // total high
      '24.75', // safe: 16.50 × 1.50
      'Price at €100.00 per hour',
      '€1,650.00',
      '€2,475.00',
      'Signed: Dana Scully',
    ])
      expect(text).toContain(expected);
  });
});

test('changes requested, staff edit and send version 2, the diff shows the edit', async ({
  page,
  request,
}) => {
  test.setTimeout(scaled(120_000));
  const { token, estimate, member } = await setUp(request, 'changes');
  const estimatePath = `/estimates/${estimate.id}`;
  const sent = await request.post(`/api/estimates/${estimate.id}/send/`, {
    headers: { Authorization: `Token ${token}` },
    data: {},
  });
  expect(sent.status()).toBe(201);

  await test.step('staff impersonating the client user may look but not decide', async () => {
    const impersonation = await request.get(`/api/users/${member.user.id}/impersonate/`, {
      headers: { Authorization: `Token ${token}` },
    });
    expect(impersonation.status()).toBe(200);
    const { token: asMember } = impersonateResponseSchema.parse(await impersonation.json());
    await signInWithToken(page, token, '/api/config/');
    await page.evaluate((value) => localStorage.setItem('impersonate', value), asMember);
    await page.goto(estimatePath);
    const waiting = page.getByRole('region', { name: 'Version 1 is waiting for your approval' });
    await expect(
      waiting.getByText('You are viewing as this user: only they can approve or request changes.'),
    ).toBeVisible();
    await expect(waiting.getByRole('button', { name: 'Approve' })).toHaveCount(0);
    await page.evaluate(() => localStorage.removeItem('impersonate'));
  });

  await test.step('the client asks for changes', async () => {
    await signInWithToken(page, member.token, estimatePath);
    const waiting = page.getByRole('region', { name: 'Version 1 is waiting for your approval' });
    await waiting.getByRole('button', { name: 'Request changes' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request changes' });
    await dialog.getByLabel('What should change').fill('Checkout should take less time.');
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await expect(dialog).toBeHidden();
    const requested = page
      .getByRole('status')
      .filter({ hasText: 'Changes requested by Dana Scully' });
    await expect(requested).toBeVisible();
    await expect(requested).toBeFocused();
  });

  await test.step('staff read the request, edit an item and see the working-copy diff', async () => {
    await signInAsAdmin(page, request, estimatePath);
    await expect(versionsCard(page).getByText('Changes requested', { exact: true })).toBeVisible();
    await expect(versionsCard(page).getByText('Checkout should take less time.')).toBeVisible();
    await page.getByRole('button', { name: 'Checkout', exact: true }).click();
    const drawer = page.getByRole('dialog', { name: 'Update Item' });
    await drawer.getByLabel('Hours (high)').fill('9');
    await drawer.getByRole('button', { name: 'Save' }).click();
    await expect(drawer).toBeHidden();
    const diff = page.getByRole('region', { name: 'Changes since version 1 (working copy)' });
    await expect(diff.getByText('Changed “Checkout” in Build')).toBeVisible();
    await expect(diff.getByText('High hours: 10.50 → 9.00')).toBeVisible();
  });

  await test.step('staff send version 2; its page shows what changed from version 1', async () => {
    await versionsCard(page).getByRole('button', { name: 'Send to client' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send to client' });
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(dialog).toBeHidden();
    await versionsCard(page).getByRole('link', { name: 'Version 2' }).click();
    const diff = page.getByRole('region', { name: 'Changes from version 1' });
    await expect(diff.getByText('High hours: 10.50 → 9.00')).toBeVisible();
    await expect(diff.getByText('Total hours (high): 16.50 → 15.00')).toBeVisible();
    await expect(page.getByText('Waiting for approval')).toBeVisible();
  });
});
