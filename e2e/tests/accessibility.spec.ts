import { expect, test } from '@playwright/test';
import { e2eAdmin } from '../playwright.config';
import { expectNoSeriousViolations } from '../support/accessibility';
import { completeOnboarding, createVerifiedMember, type NewMember, referralCodeOf } from '../support/accounts';
import { signInAs } from '../support/session';

for (const width of [1440, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    for (const path of ['/', '/signin', '/register']) {
      test(`${path} has no serious or critical violations`, async ({ page }) => {
        await page.goto(path);
        await expect(page.locator('h1').first()).toBeVisible();
        await expectNoSeriousViolations(page);
      });
    }

    test('/admin/settings has no serious or critical violations', async ({ page }) => {
      await signInAs(page, e2eAdmin);
      await page.goto('/admin/settings');
      await expect(page.getByRole('heading', { name: 'Admin Settings' })).toBeVisible();
      await page.getByRole('button', { name: 'Change Password' }).click();
      await expectNoSeriousViolations(page);
    });

    for (const path of [
      '/admin/dashboard',
      '/admin/users',
      '/admin/withdrawals',
      '/admin/risk',
      '/admin/rewards',
      '/admin/user-reports',
      '/admin/audit-log',
    ]) {
      test(`${path} has no serious or critical violations once loaded`, async ({ page }) => {
        await signInAs(page, e2eAdmin);
        await page.goto(path);
        await expect(page.locator('h1').first()).toBeVisible();
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
        await expectNoSeriousViolations(page);
      });
    }

    test('/admin/users/:id has no serious or critical violations on each tab', async ({ page }) => {
      await signInAs(page, e2eAdmin);
      await page.goto('/admin/users');
      const token = await page.evaluate(() => localStorage.getItem('token'));
      const profile = await page.request.get('/api/users/profile', { headers: { authorization: `Bearer ${token}` } });
      await page.goto(`/admin/users/${(await profile.json()).data._id}`);
      for (const tab of ['Overview', 'Rewards', 'Withdrawals']) {
        await page.getByRole('tab', { name: new RegExp(`^${tab}`) }).click();
        await expect(page.getByRole('tabpanel')).toBeVisible();
        await expectNoSeriousViolations(page);
      }
    });

    test.describe('member screens', () => {
      let member: NewMember;

      test.beforeAll(async ({ request }) => {
        member = await createVerifiedMember(request, await referralCodeOf(request, e2eAdmin), 'axe');
        await completeOnboarding(request, member);
      });

      for (const path of ['/profile', '/support']) {
        test(`${path} has no serious or critical violations`, async ({ page }) => {
          await signInAs(page, member);
          await page.goto(path);
          await expect(page.locator('h1').first()).toBeVisible();
          await expectNoSeriousViolations(page);
        });
      }
    });
  });
}
