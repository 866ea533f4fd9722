import { expect, test, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { createVerifiedUser, PASSWORD, signInWithToken } from './support/api';
import { seriousViolations } from './support/axe';

/** The code an authenticator app shows for `secret`, `steps` periods from now. */
const codeOf = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({
    timestamp: Date.now() + steps * 30_000,
  });

const signInWithPassword = async (page: Page, email: string) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).last().click();
};

const signOut = async (page: Page, name: string) => {
  await page.getByRole('button', { name }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
};

test('a person turns on two-factor in Profile, then signs in with a code and with a recovery code', async ({
  page,
  request,
}) => {
  const { token, email } = await createVerifiedUser(request, 'totp', {
    first_name: 'Tess',
    last_name: 'Otp',
  });
  await signInWithToken(page, token, '/profile?tab=security');
  const section = page.getByRole('region', { name: 'Two-factor authentication' });
  await expect(section).toContainText('Off.');

  let secret = '';
  let recovery = '';
  await test.step('she scans the code, types the first code, and keeps her recovery codes', async () => {
    await section.getByRole('button', { name: 'Set up two-factor authentication' }).click();
    await expect(
      section.getByRole('img', { name: 'QR code for your authenticator app' }),
    ).toBeVisible();
    secret = ((await section.locator('code').textContent()) ?? '').replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(await seriousViolations(page)).toEqual([]);
    await section.getByLabel('Code from your app').fill('000000');
    await section.getByRole('button', { name: 'Turn on' }).click();
    await expect(section.getByText('That code is not right or has expired.')).toBeVisible();
    await section.getByLabel('Code from your app').fill(codeOf(secret));
    await section.getByRole('button', { name: 'Turn on' }).click();
    const codes = section.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await expect(codes).toHaveCount(10);
    recovery = (await codes.first().textContent()) ?? '';
    await section.getByRole('button', { name: 'I have saved them' }).click();
    await expect(section).toContainText(
      'On. Signing in asks for a code from your authenticator app. 10 recovery codes left.',
    );
  });

  await test.step('signing in asks for the code after the password; a wrong one is said so', async () => {
    await signOut(page, 'Tess Otp');
    await signInWithPassword(page, email);
    await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
    const field = page.getByLabel('Authentication code');
    await expect(field).toBeFocused();
    await field.fill('123456');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('That code is not right or has expired.')).toBeVisible();
    // The set-up spent this step's code: her app's next one.
    await field.fill(codeOf(secret, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/estimates$/);
  });

  await test.step('a recovery code signs her in once', async () => {
    await signOut(page, 'Tess Otp');
    await signInWithPassword(page, email);
    await page.getByLabel('Authentication code').fill(recovery);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/estimates$/);
    await page.goto('/profile?tab=security');
    await expect(section).toContainText('9 recovery codes left.');
  });
});
