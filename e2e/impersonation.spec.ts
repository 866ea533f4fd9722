import { expect, test } from '@playwright/test';
import { createVerifiedUser, signInAsAdmin, tokenWorks } from './support/api';

const bannerText = (email: string) =>
  `You are currently impersonating ${email}. Please remember to disable impersonation when you are done.`;

test('a superuser impersonates a user from the drawer and stops again', async ({
  page,
  request,
}) => {
  const { email } = await createVerifiedUser(request, 'target', {
    first_name: 'Tina',
    last_name: 'Target',
  });
  const adminToken = await signInAsAdmin(page, request, '/estimates');

  await page.getByRole('button', { name: 'Studio Admin' }).click();
  await page.getByRole('menuitem', { name: 'Impersonate' }).click();
  const drawer = page.getByRole('dialog', { name: 'Impersonate' });
  await expect(drawer).toBeVisible();
  await drawer.getByLabel('Search for a user to impersonate').fill(email);
  await page.getByRole('option', { name: /Tina Target/ }).click();

  await expect(page).toHaveURL(/\/estimates$/);
  await expect(
    page.getByRole('status').filter({ hasText: 'You are currently impersonating' }),
  ).toHaveText(bannerText(email));
  await expect(page.getByRole('button', { name: 'Tina Target' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link')).toHaveText(['Home', 'Projects', 'Estimates', 'Test runs']);
  const impersonation = await page.evaluate(() => localStorage.getItem('impersonate'));
  expect(impersonation).toBeTruthy();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBe(adminToken);

  // The impersonated session may not change the user's password.
  await page.goto('/profile?tab=password');
  await page.getByLabel('Current password').fill('whatever-1');
  await page.getByLabel('New password', { exact: true }).fill('whatever-2a');
  await page.getByLabel('Confirm new password').fill('whatever-2a');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('You do not have permission to perform this action.')).toBeVisible();

  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(page.getByRole('button', { name: 'Studio Admin' })).toBeVisible();
  await expect(page.getByText('You are currently impersonating')).toHaveCount(0);
  await expect(page).toHaveURL(/\/estimates$/);
  expect(await page.evaluate(() => localStorage.getItem('impersonate'))).toBeNull();
  expect(await tokenWorks(request, impersonation ?? '')).toBe(false);
  expect(await tokenWorks(request, adminToken)).toBe(true);
  await expect(nav.getByRole('link')).toHaveCount(8);
});
