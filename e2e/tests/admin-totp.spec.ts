import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import type { LoginResult } from '@uplink/contract/accounts';
import { adminTotpTexts, type TotpChallenge } from '@uplink/contract/admin-totp';
import type { Envelope } from '@uplink/contract/envelope';
import { errorTexts } from '@uplink/contract/error-codes';
import { Secret, TOTP } from 'otpauth';
import { e2eAdmin } from '../playwright.config';
import { shoot } from '../support/screenshots';
import { submitSignInForm } from '../support/session';

/** How close to the end of a time step a code of the step before is no longer sent: the request could land after it. */
const stepEndMarginMs = 2_000;

/**
 * The authenticator's code of the earliest time step the server still takes after `lastStep` (a
 * step's code is good once). The server takes the code of its current 30-second step and of one
 * step either side, so the first code is of the step before (of the current one near a step's
 * end) and the next two are of the steps after it: three codes in a row without waiting for the
 * clock. Only three codes inside one step's last two seconds would wait, for that step to end.
 */
async function codeAfter(authenticator: TOTP, lastStep: number): Promise<{ code: string; step: number }> {
  const periodMs = authenticator.period * 1000;
  const now = Date.now();
  const currentStep = Math.floor(now / periodMs);
  const earliest = now % periodMs < periodMs - stepEndMarginMs ? currentStep - 1 : currentStep;
  const step = Math.max(earliest, lastStep + 1);
  while (step > Math.floor(Date.now() / periodMs) + 1) await new Promise((resolve) => setTimeout(resolve, 100));
  return { code: authenticator.generate({ timestamp: step * periodMs }), step };
}

/**
 * The admin area's own Sign Out, in its sidebar; then the landing page, so the next sign-in starts
 * afresh (not with the admin page the guard remembered on the way out).
 */
async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).not.toHaveURL(/\/admin\//);
  await page.goto('/');
}

/**
 * Leaves the shared administrator without TOTP whatever happened in the test, with two of the
 * recovery codes it showed: every other spec signs in with the password alone.
 */
async function turnOffThroughApi(request: APIRequestContext, recoveryCodes: string[]): Promise<void> {
  const [signInCode, removalCode] = recoveryCodes.slice(-2);
  if (!signInCode || !removalCode) return;
  const password = (await (await request.post('/api/users/login', { data: e2eAdmin })).json()) as Envelope<
    TotpChallenge | LoginResult
  >;
  if (password.errorCode !== 'TOTP_REQUIRED' || !('challengeToken' in password.data)) return;
  const code = (await (
    await request.post('/api/users/login/totp', {
      data: { challengeToken: password.data.challengeToken, code: signInCode },
    })
  ).json()) as Envelope<LoginResult>;
  const removed = await request.delete('/api/admin/totp', {
    headers: { authorization: `Bearer ${code.data.token}` },
    data: { code: removalCode },
  });
  expect(removed.ok(), await removed.text()).toBe(true);
}

test.describe('two-factor sign-in of an administrator', () => {
  let recoveryCodes: string[] = [];
  test.afterEach(async ({ request }) => {
    await turnOffThroughApi(request, recoveryCodes);
    recoveryCodes = [];
  });

  test('turns TOTP on in the settings, signs in with a code, then turns it off', async ({ page }) => {
    await page.goto('/signin');
    await submitSignInForm(page, e2eAdmin);
    await expect(page).toHaveURL(/\/admin\/dashboard$/);

    await page.goto('/admin/settings');
    await expect(page.getByRole('heading', { name: adminTotpTexts.title })).toBeVisible();
    await page.getByRole('button', { name: 'Enable', exact: true }).click();
    await expect(page.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeVisible();
    const secret = (await page.getByText(/^[A-Z2-7]{32}$/).textContent()) ?? '';
    const authenticator = new TOTP({ secret: Secret.fromBase32(secret) });
    await shoot(page, 'admin-totp-enrolment');

    const confirmation = page.getByRole('form', { name: 'Confirm two-factor authentication' });
    // A code of an hour ago is no good.
    const stale = authenticator.generate({ timestamp: Date.now() - 3_600_000 });
    await confirmation.getByLabel(adminTotpTexts.codeLabel).fill(stale);
    await confirmation.getByRole('button', { name: 'Turn on' }).click();
    await expect(confirmation.getByRole('alert')).toHaveText(errorTexts.INVALID_TOTP);
    let used = await codeAfter(authenticator, 0);
    await confirmation.getByLabel(adminTotpTexts.codeLabel).fill(used.code);
    await confirmation.getByRole('button', { name: 'Turn on' }).click();

    const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await expect(codes).toHaveCount(10);
    recoveryCodes = await codes.allTextContents();
    await expect(page.getByText(adminTotpTexts.enabled)).toBeVisible();
    await shoot(page, 'admin-totp-recovery-codes');
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByText(/^On since /)).toBeVisible();

    await signOut(page);
    await page.goto('/signin');
    await submitSignInForm(page, e2eAdmin);
    await expect(page.getByRole('heading', { name: adminTotpTexts.title })).toBeVisible();
    await page.getByLabel(adminTotpTexts.codeLabel).fill(used.code);
    await page.getByRole('button', { name: 'Verify' }).click();
    // The code that turned TOTP on is used.
    await expect(page.getByRole('alert')).toHaveText(errorTexts.INVALID_TOTP);
    await shoot(page, 'admin-totp-sign-in');
    used = await codeAfter(authenticator, used.step);
    await page.getByLabel(adminTotpTexts.codeLabel).fill(used.code);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);

    await page.goto('/admin/settings');
    await page.getByRole('button', { name: 'Disable', exact: true }).click();
    const removal = page.getByRole('form', { name: 'Turn off two-factor authentication' });
    used = await codeAfter(authenticator, used.step);
    await removal.getByLabel('Authentication code or recovery code').fill(used.code);
    await removal.getByRole('button', { name: 'Turn off' }).click();
    await expect(page.getByText(adminTotpTexts.disabled)).toBeVisible();
    recoveryCodes = [];

    // The password alone signs in again.
    await signOut(page);
    await page.goto('/signin');
    await submitSignInForm(page, e2eAdmin);
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
  });
});
