import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { e2eAdmin } from '../playwright.config';
import { completeOnboarding, createVerifiedMember, type NewMember, referralCodeOf } from '../support/accounts';

async function signInAs(page: Page, account: { email: string; password: string }) {
  const response = await page.request.post('/api/users/login', { data: account });
  const token = (await response.json()).data.token as string;
  await page.addInitScript((value) => localStorage.setItem('token', value), token);
}

/** Runs axe (WCAG 2.x A and AA rules) and fails on any serious or critical violation. */
async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
    }));
  expect(serious).toEqual([]);
}

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
