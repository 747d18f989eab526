import { expect, test } from '@playwright/test';
import { e2eAdmin } from '../playwright.config';
import { expectNoViolationsOfAnyRule } from '../support/accessibility';
import { createVerifiedMember, type NewMember, referralCodeOf } from '../support/accounts';
import { signInAs } from '../support/session';

/** Screens axe once faulted (issue 44), held to every rule, best practices included. */
for (const width of [1440, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });
    let member: NewMember;

    test.beforeAll(async ({ request }) => {
      member = await createVerifiedMember(request, await referralCodeOf(request, e2eAdmin), `axe-all-${width}`);
    });

    test('/onboarding, its skip link reaching the main content', async ({ page }) => {
      await signInAs(page, member);
      await page.goto('/onboarding');
      await expect(page.locator('h1').first()).toBeVisible();
      await expect(page.locator('#main')).toHaveCount(1);
      await expectNoViolationsOfAnyRule(page);
    });

    test('/dev/mailbox with its messages', async ({ page }) => {
      await page.goto('/dev/mailbox');
      await expect(page.locator('.message').first()).toBeVisible();
      await expectNoViolationsOfAnyRule(page);
    });
  });
}
