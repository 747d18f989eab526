import { expect, test } from '@playwright/test';

test('the landing page loads with the shell', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle(/Uplink/);
});

test('member pages send a visitor to sign in', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/signin$/);
});
