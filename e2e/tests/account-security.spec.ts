import { expect, test } from '@playwright/test';
import { accountMessages } from '@uplink/contract/accounts';
import { e2eAdmin } from '../playwright.config';
import { completeOnboarding, createVerifiedMember, type NewMember, referralCodeOf } from '../support/accounts';
import { shoot } from '../support/screenshots';
import { signInAs } from '../support/session';

test.describe('account security in the browser', () => {
  let member: NewMember;

  test.beforeAll(async ({ request }) => {
    member = await createVerifiedMember(request, await referralCodeOf(request, e2eAdmin), 'cool-down');
    await completeOnboarding(request, member);
  });

  test('wrong current passwords cool the account down: the session ends and sign-in says why', async ({ page }) => {
    await signInAs(page, member);
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Change Password' }).click();
    const form = page.getByRole('form', { name: 'Change password' });
    const error = form.getByRole('alert');

    for (let attempt = 1; attempt <= 4; attempt += 1) {
      await form.getByLabel('Current Password', { exact: true }).fill(`Wrong!Pass${attempt}`);
      await form.getByLabel('New Password', { exact: true }).fill('Another!Pass1');
      await form.getByLabel('Confirm New Password', { exact: true }).fill('Another!Pass1');
      await form.getByRole('button', { name: 'Update Password' }).click();
      await expect(error).toHaveText(accountMessages.currentPasswordIncorrect);
    }
    await form.getByLabel('Current Password', { exact: true }).fill('Wrong!Pass5');
    await form.getByRole('button', { name: 'Update Password' }).click();

    // The fifth wrong password starts the cool-down (423 ACCOUNT_LOCKED): the session ends.
    await expect(page).toHaveURL(/\/signin$/);
    await expect(page.getByRole('alert')).toHaveText(accountMessages.temporarilyLocked);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await shoot(page, 'security-session-ended');

    // During the cool-down even the right password is refused.
    await page.getByLabel('Email address').fill(member.email);
    await page.getByLabel('Password', { exact: true }).fill(member.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert')).toHaveText(accountMessages.temporarilyLocked);
    await expect(page).toHaveURL(/\/signin$/);
  });
});

test('registration refuses invisible characters in a name before sending it', async ({ page }) => {
  await page.goto('/register');
  // A right-to-left override would make the name read differently from what it is.
  await page.getByLabel('First name').fill('Ana\u202Egnp.exe');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('First name must not contain control or invisible characters')).toBeVisible();
});
