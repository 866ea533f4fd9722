import { expect, test } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { randomUUID } from 'node:crypto';
import { estimateDetailSchema } from '@portal/contract/estimates';
import { adminToken, createVerifiedUser, signInAsAdmin } from './support/api';
import { seriousViolations } from './support/axe';
import { createClientWithProjectViaApi } from './support/clients-api';
import { createEstimateViaApi, linkClientUser } from './support/estimates-api';
import { mailsTo, nextMail, type Mail } from './support/mail';
import { pngFixture } from './support/png';
import { scaled } from './support/time';

/**
 * Issue 25: the studio puts its own name, colour and logo in front of its clients. This file
 * runs alone after every other (the `studio` project of playwright.config.ts): it changes what
 * every page of the shared server shows.
 */

const NAME = 'Northwind Design Studio';
const TEAL = '#0f766e';

test('a superuser brands the portal; the sign-in page, the header, an email and the PDF show it', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(scaled(120_000));
  const token = await signInAsAdmin(page, request, '/home');

  await test.step('the Studio screen edits the brand with a live preview', async () => {
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Studio' })
      .click();
    await expect(page.getByRole('heading', { name: 'Studio', level: 1 })).toBeVisible();
    const preview = page.getByRole('group', { name: 'Preview' });
    await page.getByLabel('Studio name').fill(NAME);
    await expect(preview.getByText(NAME).first()).toBeVisible();
    // Leaving with the name typed asks first; keeping on editing keeps it.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Home' })
      .click();
    const ask = page.getByRole('dialog', { name: 'Discard unsaved changes?' });
    await expect(ask).toBeVisible();
    await ask.getByRole('button', { name: 'Keep editing' }).click();
    await expect(page).toHaveURL(/\/settings\/studio$/);
    await expect(page.getByLabel('Studio name')).toHaveValue(NAME);

    await page.getByLabel('Accent colour', { exact: true }).fill('#fde047');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText(/This colour is too light/)).toBeVisible();

    await page.getByLabel('Accent colour', { exact: true }).fill(TEAL);
    await expect(page.getByText(/This colour is too light/)).toHaveCount(0);
    await expect(preview.getByText('Approve and sign')).toHaveCSS(
      'background-color',
      'rgb(15, 118, 110)',
    );
    await page
      .getByLabel('Email footer')
      .fill('Northwind Design Studio, 1 Harbour Street, Bristol');
    await page.getByLabel('Website').fill('https://northwind.example');
    await page.getByLabel('Legal name').fill('Northwind Design Ltd');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('The studio has been saved')).toBeVisible();
    // The whole app takes the colour at once: the primary button is teal now (not hovered).
    await page.mouse.move(0, 0);
    await expect(page.getByRole('button', { name: 'Save', exact: true })).toHaveCSS(
      'background-color',
      'rgb(15, 118, 110)',
    );
    await expect(page).toHaveTitle(`Studio | ${NAME}`);
    expect(await seriousViolations(page)).toEqual([]);
  });

  await test.step('the logo is saved as soon as it is chosen and shows in the header', async () => {
    await page.getByLabel('Choose logo').setInputFiles({
      name: 'northwind.png',
      mimeType: 'image/png',
      buffer: pngFixture(96),
    });
    await expect(page.getByText('The logo has been saved')).toBeVisible();
    const headerLogo = page.getByRole('banner').getByRole('link', { name: NAME }).locator('img');
    await expect(headerLogo).toHaveAttribute('src', /\/media\/studio\/[0-9a-f]{32}\.png$/);
    await expect
      .poll(() => headerLogo.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBe(96);
  });

  await test.step('a visitor sees the studio on the sign-in page, from the first byte', async () => {
    const html = await (await request.get('/login')).text();
    expect(html).toContain(`<title>${NAME}</title>`);
    expect(html).toContain(`--color-brand-600:${TEAL}`);
    const context = await browser.newContext({ baseURL });
    const visitor = await context.newPage();
    await visitor.goto('/login');
    await expect(visitor.getByText(NAME, { exact: true }).first()).toBeVisible();
    await expect(visitor.getByRole('main').locator('img[src*="/media/studio/"]')).toBeVisible();
    await expect(visitor).toHaveTitle(`Login | ${NAME}`);
    await expect(visitor.getByRole('button', { name: 'Login' })).toHaveCSS(
      'background-color',
      'rgb(15, 118, 110)',
    );
    expect(await seriousViolations(visitor)).toEqual([]);
    await context.close();
  });

  await test.step("a sent version's email and its PDF carry the studio", async () => {
    const admin = await adminToken(request);
    const id = randomUUID().slice(0, 6);
    const { client, project } = await createClientWithProjectViaApi(request, admin, {
      client: `Fabrikam ${id}`,
      project: `Fabrikam Site ${id}`,
    });
    const estimate = await createEstimateViaApi(
      request,
      admin,
      { project: project.id, name: `Shop ${id}`, description: 'The online shop.' },
      [{ name: 'Build', items: [{ description: 'Pages', hours_low: '4', hours_high: '6' }] }],
    );
    const member = await createVerifiedUser(request, 'brand', { first_name: 'Dana' });
    await linkClientUser(request, admin, client.id, member.user.id);
    const already = (await mailsTo(member.user.email)).length;
    const sent = await request.post(`/api/estimates/${estimate.id}/send/`, {
      headers: { Authorization: `Token ${admin}` },
      data: {},
    });
    expect(sent.status()).toBe(201);
    const version = (await sent.json()) as { id: number };
    const mail = await nextMail(member.user.email, already);
    expect(mail.text).toMatch(new RegExp(`^From: ${NAME} <`, 'm'));
    expect(mail.text).toContain('Northwind Design Studio, 1 Harbour Street, Bristol');
    expect(mail.text).toContain('https://northwind.example');
    expect(mail.text).toContain(`background:${TEAL}`);

    const pdf = await request.get(`/api/estimate-versions/${version.id}/pdf/`, {
      headers: { Authorization: `Token ${token}` },
    });
    expect(pdf.status()).toBe(200);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(await pdf.body())), {
      mergePages: true,
    });
    // The letterhead: the logo (an image) and the studio's legal name and website beside it.
    expect(text).toContain('Northwind Design Ltd');
    expect(text).toContain('https://northwind.example');
    expect(text).toContain(`EST-${estimate.id}-v1`);
    expect(Buffer.from(await pdf.body()).toString('latin1')).toContain('/Subtype /Image');

    // A notification emailed to her (staff mention her on an item): its unsubscribe page is the
    // studio's. (A sent version has its own email, which is not a notification email.)
    const [item] =
      estimateDetailSchema.parse(
        await (
          await request.get(`/api/estimates/${estimate.id}/`, {
            headers: { Authorization: `Token ${admin}` },
          })
        ).json(),
      ).sections[0]?.items ?? [];
    const mentioned = await request.post('/api/estimate-item-comments/', {
      headers: { Authorization: `Token ${admin}` },
      data: { item: item?.id, content: `@${member.user.email} could you check this?` },
    });
    expect(mentioned.status()).toBe(201);
    let notice: Mail | undefined;
    await expect
      .poll(
        async () => {
          notice = (await mailsTo(member.user.email)).find((m) => /Unsubscribe: /.test(m.text));
          return notice !== undefined;
        },
        { message: 'a notification email with its unsubscribe link', timeout: scaled(15_000) },
      )
      .toBe(true);
    const link = /Unsubscribe: (\S+)/.exec(notice?.text ?? '')?.[1] ?? '';
    expect(link).toContain('/api/notification-settings/unsubscribe/');
    await page.goto(new URL(link).pathname + new URL(link).search);
    await expect(page.getByRole('heading', { name: 'Stop notification emails?' })).toBeVisible();
    await expect(page.getByRole('img', { name: NAME })).toBeVisible();
    await expect(
      page.getByText(`You get an email for each notification from ${NAME}.`, { exact: false }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Turn off notification emails' }).click();
    await expect(page.getByRole('heading', { name: 'Notification emails are off' })).toBeVisible();
    await page.getByRole('button', { name: 'Undo: turn them back on' }).click();
    await expect(
      page.getByRole('heading', { name: 'Notification emails are back on' }),
    ).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
