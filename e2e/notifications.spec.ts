import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { adminToken, createVerifiedUser, signInWithToken } from './support/api';
import { createClientWithProjectViaApi } from './support/clients-api';
import { ADMIN } from './support/env';
import { createEstimateViaApi, linkClientUser } from './support/estimates-api';
import { scaled } from './support/time';

/**
 * Issue 17 (notifications) end to end, in two browsers at once: a client user comments on an
 * estimate item and mentions the studio; the staff member's bell counts it without a reload,
 * and opening the notification opens the item with the comment.
 */

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications, / });

test('a client comment reaches the staff bell live; the notification opens the item', async ({
  browser,
  request,
}) => {
  test.setTimeout(scaled(120_000));
  const id = randomUUID().slice(0, 6);
  const token = await adminToken(request);
  const { client, project } = await createClientWithProjectViaApi(request, token, {
    client: `Initech ${id}`,
    project: `Initech Portal ${id}`,
  });
  const estimate = await createEstimateViaApi(
    request,
    token,
    { project: project.id, name: `Initech ${id}`, description: 'The portal.' },
    [{ name: 'Build', items: [{ description: `Reports ${id}`, hours_low: '2', hours_high: '3' }] }],
  );
  const member = await createVerifiedUser(request, 'initech', {
    first_name: 'Milton',
    last_name: 'Waddams',
  });
  await linkClientUser(request, token, client.id, member.user.id);
  // Start from an empty bell (other specs may have told the admin things).
  const cleared = await request.post('/api/notifications/read-all/', {
    headers: { authorization: `Token ${token}` },
  });
  expect(cleared.status()).toBe(200);

  const staffContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const clientContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const staff = await staffContext.newPage();
  const member$ = await clientContext.newPage();

  await test.step('the staff member waits on another page, nothing unread', async () => {
    await signInWithToken(staff, token, '/estimates');
    await expect(bell(staff)).toHaveAccessibleName('Notifications, none unread');
    await bell(staff).click();
    // Other specs may have told the admin things before; none of it is unread any more.
    await expect(
      staff
        .getByRole('list', { name: 'Notifications' })
        .or(staff.getByText('Nothing yet. News about your work shows up here.')),
    ).toBeVisible();
    await expect(staff.getByText('(unread)')).toHaveCount(0);
    await staff.keyboard.press('Escape');
  });

  await test.step('the client user comments on the item, mentioning the studio with the picker', async () => {
    await signInWithToken(member$, member.token, `/estimates/${estimate.id}`);
    await member$.getByRole('button', { name: `Reports ${id}` }).click();
    const drawer = member$.getByRole('dialog', { name: 'Estimate Item' });
    const box = drawer.getByRole('textbox', { name: 'New comment' });
    await box.pressSequentially('Can we add a CSV export? @adm');
    const people = drawer.getByRole('listbox', { name: 'People to mention' });
    await expect(people.getByRole('option', { name: new RegExp(ADMIN.email) })).toBeVisible();
    // The open picker is a state the screen sweep never sees (issue 26).
    expect(await seriousViolations(member$)).toEqual([]);
    await box.press('Enter');
    // The box and the comment show the person's name; the data keeps the address (issue 26).
    await expect(box).toHaveValue('Can we add a CSV export? @Studio Admin ');
    await box.pressSequentially('thanks');
    await drawer.getByRole('button', { name: 'Comment' }).click();
    const comments = drawer.getByRole('list', { name: 'Comments' });
    await expect(comments).toContainText('Can we add a CSV export? @Studio Admin thanks');
    const headers = { authorization: `Token ${token}` };
    const items = await request.get(`/api/estimate-items/?estimate=${estimate.id}`, { headers });
    const [item] = ((await items.json()) as { results: { id: number }[] }).results;
    const stored = await request.get(`/api/estimate-item-comments/?estimate_item=${item?.id}`, {
      headers,
    });
    const texts = ((await stored.json()) as { results: { content: string }[] }).results;
    expect(texts.map((comment) => comment.content)).toEqual([
      `Can we add a CSV export? @${ADMIN.email} thanks`,
    ]);
  });

  await test.step('the staff bell counts it without a reload; opening it opens the item', async () => {
    await expect(bell(staff)).toHaveAccessibleName(/^Notifications, [1-9]\d* unread$/);
    await bell(staff).click();
    const list = staff.getByRole('list', { name: 'Notifications' });
    const entry = list.getByRole('button', {
      name: new RegExp(`Milton Waddams mentioned you on “Reports ${id}”`),
    });
    await expect(entry).toBeVisible();
    // The open bell, with an unread entry on its tint (issue 26: its times read 4.45:1).
    expect(await seriousViolations(staff)).toEqual([]);
    await staff.screenshot({ path: test.info().outputPath('bell-1280.png') });
    await entry.click();
    // The item's drawer has its own address (decision 0027).
    await expect(staff).toHaveURL(new RegExp(`/estimates/${estimate.id}\\?item=\\d+$`));
    // Staff open items to edit them.
    const drawer = staff.getByRole('dialog', { name: 'Update Item' });
    await expect(drawer.getByRole('list', { name: 'Comments' })).toContainText(
      'Can we add a CSV export?',
    );
    await staff.keyboard.press('Escape');
    await expect(drawer).toHaveCount(0);
    await expect(staff).toHaveURL(new RegExp(`/estimates/${estimate.id}$`));
  });

  await test.step('the notification is read now; keyboard users reach it all', async () => {
    await bell(staff).focus();
    await staff.keyboard.press('Enter');
    const list = staff.getByRole('list', { name: 'Notifications' });
    await expect(
      list.getByRole('button', { name: new RegExp(`Reports ${id}`) }).first(),
    ).not.toContainText('(unread)');
    await staff.keyboard.press('Escape');
    await expect(bell(staff)).toBeFocused();
  });

  await test.step('on a phone', async () => {
    await staff.setViewportSize({ width: 390, height: 844 });
    // A fresh load, as a phone opens the page: the navigation starts closed there.
    await staff.reload();
    await bell(staff).click();
    await expect(staff.getByRole('list', { name: 'Notifications' })).toBeVisible();
    await staff.screenshot({ path: test.info().outputPath('bell-390.png') });
    await staff.keyboard.press('Escape');
  });

  await test.step('the email choice lives on the profile', async () => {
    await member$.goto('/profile?tab=notifications');
    const daily = member$.getByRole('radio', {
      name: 'Once a day, a digest of what is still unread',
    });
    await expect(member$.getByRole('radio', { name: 'Right away, one email each' })).toBeChecked();
    await daily.check();
    await expect(member$.getByText('Notification emails saved')).toBeVisible();
    await member$.reload();
    await expect(daily).toBeChecked();
    await member$.screenshot({ path: test.info().outputPath('profile-1280.png') });
    await member$.setViewportSize({ width: 390, height: 844 });
    await member$.reload();
    await expect(daily).toBeChecked();
    await member$.screenshot({ path: test.info().outputPath('profile-390.png') });
  });

  await staffContext.close();
  await clientContext.close();
});
