import { expect, test, type Page } from '@playwright/test';
import { leadListSchema } from '@portal/contract/leads';
import { adminToken, signInAsAdmin, signInWithToken } from './support/api';
import { ADMIN } from './support/env';
import { createLead, uniqueTag } from './support/leads-api';
import {
  leadWebsitePage,
  normalizeMarkup,
  readmeLeadFormSnippet,
  startLeadWebsite,
} from './support/lead-website';
import { scaled } from './support/time';

const leadsTable = (page: Page) => page.getByRole('table', { name: 'Leads' });
const bodyRows = (page: Page) => leadsTable(page).locator('tbody').getByRole('row');
const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search leads' });
const pagination = (page: Page) => page.getByRole('navigation', { name: 'Pagination' });
const param = (name: string) => (url: URL) => url.searchParams.get(name);

test('the test website carries the README lead form snippet', () => {
  expect(normalizeMarkup(leadWebsitePage('http://portal.test'))).toContain(
    normalizeMarkup(readmeLeadFormSnippet()),
  );
});

test('a website lead is found, filtered, opened, updated, commented on and deleted by staff', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(scaled(90_000));
  const tag = uniqueTag('');
  const company = `Quillfeather ${tag} Studio`;

  await test.step('a visitor sends the form from the studio website', async () => {
    const website = await startLeadWebsite(baseURL ?? '');
    try {
      const visitor = await browser.newPage();
      await visitor.goto(
        `${website.origin}/contact?utm_source=newsletter&utm_medium=email&utm_campaign=spring-launch`,
      );
      await visitor.getByLabel('First name').fill('Ada');
      await visitor.getByLabel('Last name').fill('Lovelace');
      await visitor.getByLabel('Email').fill(`ada-${tag}@quillfeather.example`);
      await visitor.getByLabel('Phone').fill('+44 20 7946 0001');
      await visitor.getByLabel('Company').fill(company);
      await visitor.getByLabel('Job title').fill('Founder');
      await visitor
        .getByLabel('How can we help?')
        .fill('We need a new website.\nAnd online booking.');
      await visitor.getByRole('button', { name: 'Send' }).click();
      await expect(visitor.getByRole('status')).toHaveText('Thank you, we will be in touch.');
      await visitor.close();
    } finally {
      await website.close();
    }
  });

  const token = await signInAsAdmin(page, request, '/leads');
  await expect(page).toHaveTitle('Leads | Studio Portal');
  const row = bodyRows(page).filter({ hasText: company });

  await test.step('staff find it by part of the company name', async () => {
    const search = `FEATHER ${tag}`;
    await searchBox(page).fill(search);
    await expect(page).toHaveURL((url) => param('search')(url) === search);
    await expect(bodyRows(page)).toHaveCount(1);
    await expect(row.getByRole('cell')).toHaveText([
      'Ada Lovelace',
      company,
      '+44 20 7946 0001',
      `ada-${tag}@quillfeather.example`,
      'New',
      /^\d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2} [AP]M$/,
    ]);
  });

  await test.step('and filter by status', async () => {
    const status = page.getByRole('combobox', { name: 'Status' });
    await status.selectOption({ label: 'Contacted' });
    await expect(page).toHaveURL((url) => param('status')(url) === 'contacted');
    await expect(page.getByText('No leads match your filters')).toBeVisible();
    await status.selectOption({ label: 'New' });
    await expect(page).toHaveURL((url) => param('status')(url) === 'new');
    await expect(row).toBeVisible();
    expect(param('search')(new URL(page.url()))).toBe(`FEATHER ${tag}`);
  });

  const drawer = page.getByRole('dialog', { name: 'Update Lead' });

  await test.step('the lead shows its message and metadata', async () => {
    await row.getByRole('button', { name: 'Ada Lovelace' }).click();
    await expect(drawer.getByLabel('Company')).toHaveValue(company);
    await expect(drawer.getByLabel('Title (optional)')).toHaveValue('Founder');
    const message = drawer.getByRole('region', { name: 'Message' }).locator('p');
    await expect(message).toBeVisible();
    // Line breaks are kept on screen, not only in the data.
    expect(await message.innerText()).toBe('We need a new website.\nAnd online booking.');
    const metadata = drawer.getByRole('table', { name: 'Metadata' });
    await expect(metadata.locator('tbody tr')).toHaveCount(3);
    const utm = { utm_source: 'newsletter', utm_medium: 'email', utm_campaign: 'spring-launch' };
    for (const [key, value] of Object.entries(utm)) {
      await expect(metadata.locator('tbody tr').filter({ hasText: key })).toContainText(value);
    }
  });

  await test.step('a status change replaces the row', async () => {
    await drawer.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Contacted' });
    await drawer.getByRole('button', { name: 'Save' }).click();
    await expect(drawer).toBeHidden();
    await expect(row.getByRole('cell').nth(4)).toHaveText('Contacted');
  });

  const [lead] = leadListSchema.parse(
    await (
      await request.get('/api/leads/', {
        headers: { Authorization: `Token ${token}` },
        params: { search: tag },
      })
    ).json(),
  ).results;
  expect(lead).toMatchObject({ company, status: 'contacted' });

  await test.step('a comment is added and deleted', async () => {
    await row.getByRole('button', { name: 'Ada Lovelace' }).click();
    const comments = drawer.getByRole('region', { name: 'Comments' });
    await expect(comments.getByText('No comments yet.')).toBeVisible();
    const box = comments.getByRole('textbox', { name: 'New comment' });
    await box.fill('Called her.\nQuote by Monday.');
    await comments.getByRole('button', { name: 'Comment' }).click();
    const item = comments.getByRole('listitem');
    await expect(item).toHaveCount(1);
    await expect(item).toContainText(ADMIN.email);
    await expect(item.locator('time')).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} [AP]M$/);
    expect(await item.locator('p').innerText()).toBe('Called her.\nQuote by Monday.');
    await expect(box).toHaveValue('');
    const activity = drawer.getByRole('region', { name: 'Activity' });
    await expect(activity.getByText('Called her. Quote by Monday.')).toBeVisible();

    await item.getByRole('button', { name: 'Delete comment' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete comment' });
    await expect(confirm).toContainText('Are you sure you want to delete this comment?');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(confirm).toBeHidden();
    await expect(item).toHaveCount(0);
    await expect(comments.getByText('No comments yet.')).toBeVisible();
    const left = await request.get('/api/lead-comments/', {
      headers: { Authorization: `Token ${token}` },
      params: { lead: lead?.id ?? 0 },
    });
    expect(((await left.json()) as { count: number }).count).toBe(0);
    // Its words are gone everywhere: the drawer's Activity names the deletion, quotes nothing.
    await expect(activity.getByText('deleted a comment on the lead')).toBeVisible();
    await expect(page.getByText('Quote by Monday')).toHaveCount(0);
    const history = await request.get('/api/activity/', {
      headers: { Authorization: `Token ${token}` },
      params: { lead: lead?.id ?? 0 },
    });
    expect(await history.text()).not.toContain('Quote by Monday');
  });

  await test.step('the lead is deleted', async () => {
    await drawer.getByRole('button', { name: 'Delete Lead' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete lead' });
    await expect(confirm).toContainText('Are you sure you want to delete this lead?');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(drawer).toBeHidden();
    await expect(page.getByText('No leads match your filters')).toBeVisible();
    const gone = await request.get(`/api/leads/${lead?.id ?? 0}/`, {
      headers: { Authorization: `Token ${token}` },
    });
    expect(gone.status()).toBe(404);
  });
});

test('staff page through 45 leads with the URL holding page, search and status', async ({
  page,
  request,
}) => {
  test.setTimeout(scaled(90_000));
  const token = await adminToken(request);
  const tag = uniqueTag('pager');
  const name = (n: number) => `Pager Lead${String(n).padStart(2, '0')}`;
  for (let n = 1; n <= 45; n++) {
    await createLead(request, token, {
      first_name: 'Pager',
      last_name: `Lead${String(n).padStart(2, '0')}`,
      email: `lead${n}@${tag}.example`,
      phone: `+1 555 01${String(n).padStart(2, '0')}`,
      company: `${tag} Holdings`,
      status: n % 5 === 0 ? 'won' : 'new',
    });
  }

  await signInWithToken(page, token, '/leads');
  const expectPage = async (range: string, first: string, rows: number) => {
    await expect(pagination(page)).toContainText(range);
    await expect(bodyRows(page)).toHaveCount(rows);
    await expect(bodyRows(page).first()).toContainText(first);
  };

  await searchBox(page).fill(tag);
  await expect(page).toHaveURL((url) => param('search')(url) === tag);
  // Newest first.
  await expectPage('1–20 of 45', name(45), 20);

  await pagination(page).getByRole('button', { name: 'Next page' }).click();
  await expect(page).toHaveURL((url) => param('page')(url) === '2');
  await expectPage('21–40 of 45', name(25), 20);

  await pagination(page).getByRole('button', { name: 'Page 3' }).click();
  await expect(page).toHaveURL((url) => param('page')(url) === '3' && param('search')(url) === tag);
  await expectPage('41–45 of 45', name(5), 5);
  await expect(pagination(page).getByRole('button', { name: 'Next page' })).toBeDisabled();

  await page.reload();
  await expectPage('41–45 of 45', name(5), 5);
  await expect(searchBox(page)).toHaveValue(tag);
  await expect(pagination(page).getByRole('button', { name: 'Page 3' })).toHaveAttribute(
    'aria-current',
    'page',
  );

  await page.goBack();
  await expect(page).toHaveURL((url) => param('page')(url) === '2');
  await expectPage('21–40 of 45', name(25), 20);
  await expect(searchBox(page)).toHaveValue(tag);

  await page.goBack();
  await expect(page).toHaveURL(
    (url) => param('page')(url) === null && param('search')(url) === tag,
  );
  await expectPage('1–20 of 45', name(45), 20);

  await page.goForward();
  await expect(page).toHaveURL((url) => param('page')(url) === '2');
  await expectPage('21–40 of 45', name(25), 20);

  // A new status starts again at the first page.
  const status = page.getByRole('combobox', { name: 'Status' });
  await status.selectOption({ label: 'Won' });
  await expect(page).toHaveURL(
    (url) => param('status')(url) === 'won' && param('page')(url) === null,
  );
  await expectPage('1–9 of 9', name(45), 9);
  await expect(bodyRows(page).getByRole('cell', { name: 'New', exact: true })).toHaveCount(0);

  await page.goBack();
  await expect(page).toHaveURL(
    (url) => param('page')(url) === '2' && param('status')(url) === null,
  );
  await expect(status).toHaveValue('');
  await expectPage('21–40 of 45', name(25), 20);

  // So does a new search.
  await searchBox(page).fill(`${tag} holdings`);
  await expect(page).toHaveURL(
    (url) => param('search')(url) === `${tag} holdings` && param('page')(url) === null,
  );
  await expectPage('1–20 of 45', name(45), 20);
});
