import { expect, test } from '@playwright/test';
import { createVerifiedUser, signInAsAdmin, signInWithToken } from './support/api';

test('a visitor is sent to /login from every protected route', async ({ page }) => {
  for (const path of [
    '/',
    '/profile',
    '/estimates',
    '/estimates/1',
    '/clients',
    '/leads',
    '/experimental/modeling',
  ]) {
    await page.goto(path);
    await expect(page, `from ${path}`).toHaveURL(/\/login$/);
  }
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Sign Up' }).first()).toBeVisible();
});

test('a regular user sees the client navigation and is sent home from staff routes', async ({
  page,
  request,
}) => {
  const { token } = await createVerifiedUser(request, 'regular', {
    first_name: 'Rita',
    last_name: 'Regular',
  });
  await signInWithToken(page, token, '/');
  await expect(page).toHaveURL(/\/estimates$/);
  await expect(page).toHaveTitle('Estimates | Studio Portal');

  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link')).toHaveText(['Home', 'Projects', 'Estimates', 'Test runs']);

  for (const path of [
    '/clients',
    '/clients/acme',
    '/leads',
    '/experimental',
    '/experimental/modeling/1',
  ]) {
    await page.goto(path);
    await expect(page, `from ${path}`).toHaveURL(/\/estimates$/);
  }
  // Signed-in screens open for every user: her projects (none yet), her test runs.
  await page.goto('/projects');
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
  await expect(page.getByText('No projects yet')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create Project' })).toHaveCount(0);
  await page.goto('/test-runs');
  await expect(page.getByText('No test runs yet')).toBeVisible();
  await page.goto('/projects/some-project');
  await expect(page).toHaveURL(/\/projects\/some-project$/);

  await page.getByRole('button', { name: 'Rita Regular' }).click();
  await expect(page.getByRole('menuitem', { name: 'Profile' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Impersonate' })).toHaveCount(0);
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);

  // Logged-in users have no business on the login screen.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/estimates$/);
});

test('a superuser sees every item, the links work, and the navigation toggles', async ({
  page,
  request,
}) => {
  await signInAsAdmin(page, request, '/estimates');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link')).toHaveText([
    'Home',
    'Estimates',
    'Clients',
    'Leads',
    'Projects',
    'Activity',
    'Experimental',
    'Studio',
  ]);
  for (const [label, path, title] of [
    ['Clients', '/clients', 'Clients'],
    ['Leads', '/leads', 'Leads'],
    ['Projects', '/projects', 'Projects'],
    ['Activity', '/activity', 'Activity'],
    ['Experimental', '/experimental', 'Experimental'],
    ['Studio', '/settings/studio', 'Studio'],
    ['Estimates', '/estimates', 'Estimates'],
    ['Home', '/home', 'Home'],
  ] as const) {
    await nav.getByRole('link', { name: label }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page).toHaveTitle(`${title} | Studio Portal`);
    await expect(nav.getByRole('link', { name: label })).toHaveAttribute('aria-current', 'page');
  }

  const toggle = page.getByRole('button', { name: 'Toggle navigation' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await toggle.click();
  await expect(nav).toHaveCount(0);
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(nav.getByRole('link')).toHaveCount(8);
});

test('an unknown path shows Page Not Found with a way home', async ({ page, request }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expect(page).toHaveTitle('Page Not Found | Studio Portal');
  await page.getByRole('link', { name: 'Go home' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await signInAsAdmin(page, request, '/estimates/1/nonsense');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Studio Admin' })).toBeVisible();
  await page.getByRole('link', { name: 'Go home' }).click();
  await expect(page).toHaveURL(/\/estimates$/);
});

test('a stale token is forgotten and the visitor is logged out', async ({ page }) => {
  await signInWithToken(page, 'not-a-valid-token', '/estimates');
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});
