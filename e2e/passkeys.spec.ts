import { expect, test, type Page } from '@playwright/test';
import { createVerifiedUser, PASSWORD, signInWithToken } from './support/api';
import { seriousViolations } from './support/axe';

// WebAuthn refuses bare IP addresses: passkeys live on localhost (decision 0049), so this file
// opens the portal there, at the port the run started it on.
const port = Number(process.env.E2E_PORT ?? 8765);
test.use({ baseURL: `http://localhost:${port}` });

/** Chromium's own virtual authenticator: a platform passkey with a fingerprint that passes. */
const addAuthenticator = async (page: Page) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
};

const signOut = async (page: Page, name: string) => {
  await page.getByRole('button', { name }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
};

test('a person adds a passkey in Profile, signs in with it alone, renames and removes it', async ({
  page,
  request,
}, testInfo) => {
  const { token } = await createVerifiedUser(request, 'passkey', {
    first_name: 'Pat',
    last_name: 'Key',
  });
  await addAuthenticator(page);
  await signInWithToken(page, token, '/profile?tab=security');
  const section = page.getByRole('region', { name: 'Passkeys' });
  await expect(section).toContainText('No passkeys yet.');

  await test.step('she adds one after her password; a wrong password is said so', async () => {
    await section.getByRole('button', { name: 'Add a passkey' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a passkey' });
    await expect(dialog.getByLabel('Name')).toHaveValue('Chrome on Linux');
    await dialog.getByLabel('Name').fill('Work laptop');
    await dialog.getByLabel('Your password').fill('not-her-password');
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog.getByText('Your password was entered incorrectly.')).toBeVisible();
    await dialog.getByLabel('Your password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Passkey “Work laptop” added')).toBeVisible();
    const item = section.getByRole('listitem');
    await expect(item).toHaveCount(1);
    await expect(item).toContainText('Work laptop');
    await expect(item).toContainText('Not used yet');
    await page.screenshot({ path: testInfo.outputPath('passkeys-profile.png'), fullPage: true });
  });

  await test.step('she signs out and back in with the passkey: no email, password or code', async () => {
    await signOut(page, 'Pat Key');
    await page.screenshot({ path: testInfo.outputPath('passkeys-login.png') });
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect(page).toHaveURL(/\/estimates$/);
    await page.goto('/profile?tab=security');
    await expect(section.getByRole('listitem')).toContainText('Last used just now');
  });

  await test.step('she renames it', async () => {
    await section.getByRole('button', { name: 'Rename Work laptop' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rename passkey' });
    await dialog.getByLabel('Name').fill('Desk');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(section.getByRole('listitem')).toContainText('Desk');
  });

  await test.step('once removed, the passkey signs no one in', async () => {
    await section.getByRole('button', { name: 'Remove Desk' }).click();
    await page
      .getByRole('dialog', { name: 'Remove “Desk”?' })
      .getByRole('button', { name: 'Remove' })
      .click();
    await expect(section).toContainText('No passkeys yet.');
    await signOut(page, 'Pat Key');
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect(
      page.getByText('This passkey is not registered here. Sign in with your password instead.'),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });
});
