import { expect, test } from '@playwright/test';
import { apiLogin, createVerifiedUser, signInWithToken, tokenWorks } from './support/api';
import { pngFixture } from './support/png';

test('profile fields are saved and shown in the top bar', async ({ page, request }) => {
  const { token, email } = await createVerifiedUser(request, 'profile');
  await signInWithToken(page, token, '/profile');
  await expect(page).toHaveTitle('Profile | Studio Portal');
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(page.getByLabel('Email')).not.toBeEditable();

  await page.getByLabel('First name').fill('Grace');
  await page.getByLabel('Last name').fill('Hopper');
  await page.getByLabel('Phone').fill('+1 555 0100');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your profile has been updated')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Grace Hopper' })).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('First name')).toHaveValue('Grace');
  await expect(page.getByLabel('Phone')).toHaveValue('+1 555 0100');
});

test('a profile image is uploaded and removed', async ({ page, request }) => {
  const { token, user } = await createVerifiedUser(request, 'avatar', {
    first_name: 'Ada',
    last_name: 'Byron',
  });
  await signInWithToken(page, token, '/profile');
  await page.getByLabel('Choose profile image').setInputFiles({
    name: 'avatar.png',
    mimeType: 'image/png',
    buffer: pngFixture(),
  });
  await expect(page.getByText('Your profile has been updated')).toBeVisible();
  const saved = await request.get('/api/users/auth/', {
    headers: { Authorization: `Token ${token}` },
  });
  const image = ((await saved.json()) as { image: string | null }).image;
  expect(image).toMatch(/\/media\//);
  expect((await request.get(image ?? '')).status()).toBe(200);
  // The top bar shows the picture instead of the initials.
  await expect(page.locator('header img')).toHaveAttribute('src', image ?? '');

  await page.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Your profile image has been removed')).toBeVisible();
  await expect(page.locator('header img')).toHaveCount(0);
  const after = await request.get(`/api/users/auth/`, {
    headers: { Authorization: `Token ${token}` },
  });
  expect((await after.json()) as { id: number; image: string | null }).toMatchObject({
    id: user.id,
    image: null,
  });
});

test('a password change keeps the session with the new token', async ({ page, request }) => {
  const { token: oldToken, email, password } = await createVerifiedUser(request, 'pwchange');
  const newPassword = 'changed-pass-3';
  await signInWithToken(page, oldToken, '/profile');
  await page.getByRole('tab', { name: 'Password' }).click();

  const submit = page.getByRole('button', { name: 'Change Password' });
  await expect(submit).toBeDisabled();
  await page.getByLabel('Current password').fill('not-my-password-9');
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill(newPassword);
  await submit.click();
  await expect(
    page.getByText('Your old password was entered incorrectly.', { exact: false }),
  ).toBeVisible();

  await page.getByLabel('Current password').fill(password);
  await submit.click();
  await expect(page.getByText('Your password has been changed')).toBeVisible();
  await expect(page.getByLabel('Current password')).toHaveValue('');
  await expect(page.getByLabel('New password', { exact: true })).toHaveValue('');

  const stored = await page.evaluate(() => localStorage.getItem('token'));
  expect(stored).toBeTruthy();
  expect(stored).not.toBe(oldToken);
  expect(await tokenWorks(request, oldToken)).toBe(false);
  expect(await tokenWorks(request, stored ?? '')).toBe(true);

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
  await expect(page).toHaveURL(/\/profile/);
  await apiLogin(request, email, newPassword);
});

test('Profile → Security lists where she is signed in, and signs out another device at once', async ({
  page,
  request,
}) => {
  const { token, email, password } = await createVerifiedUser(request, 'sessions');
  // Another device: a second sign-in, from a phone.
  const phone = await request.post('/api/token-auth/', {
    headers: {
      'user-agent':
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Mobile/15E148 Safari/604.1',
    },
    data: { username: email, password },
  });
  expect(phone.status()).toBe(200);
  const phoneToken = ((await phone.json()) as { token: string }).token;
  expect(await tokenWorks(request, phoneToken)).toBe(true);

  await signInWithToken(page, token, '/profile?tab=security');
  const list = page.getByRole('list', { name: 'Sessions' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list.getByRole('listitem').first()).toContainText('This device');
  await list.getByRole('button', { name: 'Sign out Safari on iPhone' }).click();
  await expect(page.getByText('Safari on iPhone is signed out')).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  expect(await tokenWorks(request, phoneToken)).toBe(false);
  expect(await tokenWorks(request, token)).toBe(true);
});
