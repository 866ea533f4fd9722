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
  let recoveryLeft = '';
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
    recoveryLeft = (await codes.last().textContent()) ?? '';
    await expect(page.locator(':focus')).toContainText('Keep these recovery codes');
    await section.getByRole('button', { name: 'I have saved them' }).click();
    await expect(page.locator(':focus')).toContainText('Two-factor authentication');
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

  await test.step('a code typed in a dialog is asked about before Escape loses it', async () => {
    await section.getByRole('button', { name: 'New recovery codes' }).click();
    const renew = page.getByRole('dialog', { name: 'New recovery codes' });
    await renew.getByLabel('Code from your app').fill('123');
    await page.keyboard.press('Escape');
    const ask = page.getByRole('dialog', { name: 'Discard unsaved changes?' });
    await ask.getByRole('button', { name: 'Keep editing' }).click();
    await expect(renew.getByLabel('Code from your app')).toHaveValue('123');
    await page.keyboard.press('Escape');
    await ask.getByRole('button', { name: 'Discard' }).click();
    await expect(renew).toBeHidden();
    await section.getByRole('button', { name: 'New recovery codes' }).click();
    await expect(renew.getByLabel('Code from your app')).toHaveValue('');
    await page.keyboard.press('Escape');
    await expect(renew).toBeHidden();
  });

  await test.step('she turns it off with her password and a recovery code; focus says where things stand', async () => {
    await section.getByRole('button', { name: 'Turn off' }).click();
    const off = page.getByRole('dialog', { name: 'Turn off two-factor authentication' });
    await off.getByLabel('Password').fill('not-her-password');
    await off.getByLabel('Code from your app, or a recovery code').fill(recoveryLeft);
    expect(await seriousViolations(page)).toEqual([]);
    await off.getByRole('button', { name: 'Turn off' }).click();
    await expect(off.getByText('Your password was entered incorrectly.')).toBeVisible();
    await off.getByLabel('Password').fill(PASSWORD);
    await off.getByRole('button', { name: 'Turn off' }).click();
    await expect(off).toBeHidden();
    await expect(section).toContainText('Off.');
    await expect(page.locator(':focus')).toContainText('Two-factor authentication');
  });
});
