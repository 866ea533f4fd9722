import { expect, test } from '@playwright/test';

test('the portal serves its web app', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByText('Studio Portal').first()).toBeVisible();
});
