import { expect, test } from '@playwright/test';
import { e2eAdmin } from '../playwright.config';
import { completeOnboarding, createVerifiedMember, referralCodeOf } from '../support/accounts';
import { signInAs } from '../support/session';

/**
 * The server's Content-Security-Policy allows no eval; the screens must need none. zod used to
 * try `new Function` when a schema was built (the browser reports each refusal); the web app
 * sets it jitless.
 */
test.describe('the pages under the strict Content-Security-Policy', () => {
  const refusals: string[] = [];
  test.beforeEach(async ({ page }) => {
    refusals.length = 0;
    page.on('console', (message) => {
      if (/Content Security Policy|unsafe-eval|EvalError/i.test(message.text())) refusals.push(message.text());
    });
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) =>
        console.error(`Content Security Policy refused ${event.violatedDirective}: ${event.blockedURI}`),
      );
    });
  });

  test('the policy forbids eval', async ({ request }) => {
    const policy = (await request.get('/signin')).headers()['content-security-policy'] ?? '';
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toContain('unsafe-eval');
  });

  test("a member's and an administrator's screens run without a refusal", async ({ page, request }) => {
    test.setTimeout(120_000);
    const member = await createVerifiedMember(request, await referralCodeOf(request, e2eAdmin), 'strict-csp');
    await completeOnboarding(request, member);
    await page.goto('/register');
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    await signInAs(page, member);
    for (const [path, heading] of [
      ['/dashboard', 'Dashboard'],
      ['/rewards', 'Rewards'],
      ['/profile', 'Profile Settings'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading, level: 1 }), path).toBeVisible();
    }
    expect(refusals).toEqual([]);
  });

  test('the admin screens run without a refusal', async ({ page }) => {
    await signInAs(page, e2eAdmin);
    for (const path of ['/admin/users', '/admin/rewards', '/admin/settings']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }), path).toBeVisible();
    }
    expect(refusals).toEqual([]);
  });
});
