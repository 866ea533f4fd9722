import { expect, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { ADMIN } from './support/env';
import { startOwnPortal, type OwnPortal } from './support/own-portal';

// This file's own portal, with the production recommendation on (decision 0049).
const port = Number(process.env.E2E_PORT ?? 8765) + 20;
let portal: OwnPortal;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  portal = await startOwnPortal(port, { REQUIRE_STAFF_2FA: 'true' });
});
test.afterAll(async () => {
  await portal?.stop();
});

test('under REQUIRE_STAFF_2FA, staff are taken to set up two-factor first, then work as usual', async ({
  page,
}) => {
  await page.goto(`${portal.url}/login`);
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Login', exact: true }).last().click();

  // Whatever screen signing in opens asks the server, which refuses until two-factor is on.
  await expect(page).toHaveURL(/\/profile\?tab=security$/);
  const section = page.getByRole('region', { name: 'Two-factor authentication' });
  await expect(section.getByRole('alert')).toHaveText(
    'The studio requires two-factor authentication for staff accounts. Set it up to continue.',
  );
  await section.getByRole('button', { name: 'Set up two-factor authentication' }).click();
  const secret = ((await section.locator('code').textContent()) ?? '').replace(/\s/g, '');
  await section
    .getByLabel('Code from your app')
    .fill(new TOTP({ secret: Secret.fromBase32(secret) }).generate());
  await section.getByRole('button', { name: 'Turn on' }).click();
  await section.getByRole('button', { name: 'I have saved them' }).click();
  await expect(section.getByRole('alert')).toHaveCount(0);

  await page.goto(`${portal.url}/clients`);
  await expect(page.getByRole('heading', { name: 'Clients', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/clients$/);
});
