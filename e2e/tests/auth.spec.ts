import { expect, test } from '@playwright/test';
import { e2eAdmin } from '../playwright.config';
import { expectNoSeriousViolations } from '../support/accessibility';
import {
  completeOnboarding,
  createVerifiedMember,
  latestMail,
  linkIn,
  newMember,
  referralCodeOf,
  registerThroughApi,
} from '../support/accounts';
import { shoot } from '../support/screenshots';
import { submitSignInForm } from '../support/session';

test.describe('joining through an invitation', () => {
  test('a visitor follows an invitation link, registers, verifies the e-mail and signs in to onboarding', async ({
    page,
    request,
  }) => {
    const code = await referralCodeOf(request, e2eAdmin);
    const member = newMember('invited');

    await page.goto(`/ref/${code}`);
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => sessionStorage.getItem('referralCode'))).toBe(code);

    await page.goto('/register');
    await expect(page.getByLabel('Referral code')).toHaveValue(code);
    await expect(page.getByText('Referral code applied from your link!')).toBeVisible();
    // Taken once: the stored code is gone as soon as the form has it.
    expect(await page.evaluate(() => sessionStorage.getItem('referralCode'))).toBeNull();

    await page.getByLabel('First name').fill(member.firstName);
    await page.getByLabel('Last name').fill(member.lastName);
    await page.getByLabel('Email address').fill(member.email);
    await page.getByLabel('Password', { exact: true }).fill(member.password);
    await page.getByLabel('Confirm password', { exact: true }).fill(member.password);
    await page.getByLabel(/I agree to the Terms/).check();
    await page.getByRole('button', { name: 'Create Account' }).click();

    await expect(page).toHaveURL(/\/verify-email$/);
    await expect(page.getByRole('heading', { name: 'Verify Your Email' })).toBeVisible();
    await expect(page.getByText(member.email)).toBeVisible();
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('pendingUser'))) ?? 'null')).toEqual({
      email: member.email,
      firstName: member.firstName,
      lastName: member.lastName,
    });

    const mail = await latestMail(request, member.email, /verify/i);
    await page.goto(linkIn(mail, '/verify-email'));
    await expect(page.getByText('Email verified successfully! You can now sign in.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Continue to Sign In' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('pendingUser'))).toBeNull();
    // The success view moves on to sign-in by itself after 3 seconds, and sign-in says why.
    await expect(page).toHaveURL(/\/signin$/);
    await expect(page.getByText('Your e-mail is verified. Sign in to continue.')).toBeVisible();

    await submitSignInForm(page, member);
    await expect(page).toHaveURL(/\/onboarding$/);
    // Without "remember me" the session lasts as long as the tab.
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeTruthy();

    // Signed-in users do not see the auth forms again.
    await page.goto('/signin');
    await expect(page).toHaveURL(/\/onboarding$/);
    await page.goto('/register');
    await expect(page).toHaveURL(/\/onboarding$/);

    // A member opening an admin page is sent to /dashboard (and on to onboarding until it is done);
    // admin data kept in the browser is cleared.
    await page.evaluate(() => localStorage.setItem('adminSettings', '{"auditLogs":true}'));
    await page.goto('/admin/users');
    await expect(page).toHaveURL(/\/onboarding$/);
    expect(await page.evaluate(() => localStorage.getItem('adminSettings'))).toBeNull();
  });

  test('a verification link opened twice fails the second time and offers a new one', async ({ page, request }) => {
    const code = await referralCodeOf(request, e2eAdmin);
    const member = newMember('twice');
    await registerThroughApi(request, member, code);
    const link = linkIn(await latestMail(request, member.email, /verify/i), '/verify-email');

    await page.goto(link);
    await expect(page.getByText('Email verified successfully! You can now sign in.')).toBeVisible();
    await page.goto(link);
    await expect(page.getByText('Email verification failed. The token may be invalid or expired.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Resend Verification Email' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Sign In' })).toBeVisible();
  });
});

test.describe('signing in', () => {
  test('the administrator lands on the admin dashboard', async ({ page }) => {
    await page.goto('/signin');
    await page.getByLabel('Remember me').check();
    await submitSignInForm(page, e2eAdmin);
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
  });

  test('signing in returns to the page that asked for it', async ({ page }) => {
    await page.goto('/admin/users');
    await expect(page).toHaveURL(/\/signin$/);
    await submitSignInForm(page, e2eAdmin);
    await expect(page).toHaveURL(/\/admin\/users$/);
  });

  test('a member who finished onboarding returns to the remembered page and is kept out of admin pages', async ({
    page,
    request,
  }) => {
    const member = await createVerifiedMember(request, await referralCodeOf(request, e2eAdmin), 'onboarded');
    await completeOnboarding(request, member);

    await page.goto('/referrals?page=2');
    await expect(page).toHaveURL(/\/signin$/);
    await submitSignInForm(page, member);
    await expect(page).toHaveURL(/\/referrals\?page=2$/);

    await page.goto('/onboarding');
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.evaluate(() => localStorage.setItem('adminSettings', '{"auditLogs":true}'));
    await page.goto('/admin/users');
    await expect(page).toHaveURL(/\/dashboard$/);
    expect(await page.evaluate(() => localStorage.getItem('adminSettings'))).toBeNull();

    await page.goto('/signin');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('a stored token the server no longer accepts ends the session at startup', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => localStorage.setItem('token', 'not-a-valid-token'));
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/signin$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  test('a wrong password is refused with the fixed message', async ({ page }) => {
    await page.goto('/signin');
    await submitSignInForm(page, { email: e2eAdmin.email, password: 'Not!ThePassword1' });
    await expect(page.getByText('Invalid email or password. Please try again.')).toBeVisible();
    await expect(page).toHaveURL(/\/signin$/);
  });

  test('an unverified member is sent to verify the e-mail and can ask for a new link', async ({ page, request }) => {
    const code = await referralCodeOf(request, e2eAdmin);
    const member = newMember('unverified');
    await registerThroughApi(request, member, code);

    await page.goto('/signin');
    await submitSignInForm(page, member);
    await expect(page).toHaveURL(/\/verify-email$/);
    await expect(page.getByRole('heading', { name: 'Verify Your Email' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();

    await page.getByRole('button', { name: 'Resend Verification Email' }).click();
    await expect(page.getByText('Verification email sent successfully! Please check your inbox.')).toBeVisible();
  });

  test('without a stored e-mail the verify screen offers a new link by e-mail and sign-in, not registering again', async ({
    page,
    request,
  }) => {
    const member = newMember('no-pending');
    await registerThroughApi(request, member, await referralCodeOf(request, e2eAdmin));
    await latestMail(request, member.email, /verif/i);

    // Another browser than the one that registered: nothing is stored.
    await page.goto('/verify-email');
    await expect(page.getByText('No email found. Please register again.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Register' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Back to Sign In' })).toHaveAttribute('href', '/signin');

    const resend = page.getByRole('button', { name: 'Resend Verification Email' });
    await resend.click();
    await expect(page.getByText('Enter the e-mail address you registered with.')).toBeVisible();
    await page.getByLabel('Email address').fill(member.email);
    await resend.click();
    await expect(page.getByText('Verification email sent successfully! Please check your inbox.')).toBeVisible();
    await expect(page.getByText(`We sent a verification link to ${member.email}`)).toBeVisible();
    await expect
      .poll(async () => {
        const response = await request.get(`/api/dev/mailbox?to=${encodeURIComponent(member.email)}`);
        const body = (await response.json()) as { data: { messages: { subject: string }[] } };
        return body.data.messages.filter((mail) => /verif/i.test(mail.subject)).length;
      })
      .toBe(2);
    await shoot(page, 'verify-email-resent');
  });
});

test.describe('registering', () => {
  test('an empty form shows every client-side message, and editing a field clears its message', async ({ page }) => {
    await page.goto('/register');
    await page.getByRole('button', { name: 'Create Account' }).click();
    for (const message of [
      'First name is required',
      'Last name is required',
      'Email is required',
      'Referral code is required',
      'Password is required',
      'Please confirm your password',
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await page.getByLabel('First name').fill('Ana');
    await expect(page.getByText('First name is required')).toHaveCount(0);
    await expect(page.getByText('Last name is required')).toBeVisible();

    await page.getByLabel('Email address').fill('not-an-address');
    await page.getByLabel('Referral code').fill('ABC');
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByLabel('Confirm password', { exact: true }).fill('different');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Email is invalid')).toBeVisible();
    await expect(page.getByText('Referral code must be at least 6 characters')).toBeVisible();
    await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
    await expect(page.getByText('Passwords do not match')).toBeVisible();
  });

  test('an unknown referral code shows the server message', async ({ page }) => {
    const member = newMember('badcode');
    await page.goto('/register');
    await page.getByLabel('First name').fill(member.firstName);
    await page.getByLabel('Last name').fill(member.lastName);
    await page.getByLabel('Email address').fill(member.email);
    await page.getByLabel('Referral code').fill('ZZZZZZZZ');
    await page.getByLabel('Password', { exact: true }).fill(member.password);
    await page.getByLabel('Confirm password', { exact: true }).fill(member.password);
    await page.getByLabel(/I agree to the Terms/).check();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Invalid referral code. Please check the code and try again.')).toBeVisible();
    await expect(page).toHaveURL(/\/register$/);
  });
});

test.describe('resetting a forgotten password', () => {
  test('a member asks for a link, sets a new password and signs in with it; the link then stops working', async ({
    page,
    request,
  }) => {
    const member = await createVerifiedMember(request, await referralCodeOf(request, e2eAdmin), 'reset');
    const newPassword = 'Fresh&Pass456';

    await page.goto('/signin');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    const send = page.getByRole('button', { name: 'Send Reset Link' });
    await expect(send).toBeDisabled();
    await page.getByLabel('Email address').fill(member.email);
    await send.click();
    await expect(
      page.getByText("If an account with that email exists, we've sent you a password reset link."),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Sign In' }).first()).toBeVisible();

    const link = linkIn(await latestMail(request, member.email, /reset/i), '/reset-password');
    await page.goto(link);
    const requirements = page.getByRole('list', { name: 'Password requirements' });
    const submit = page.getByRole('button', { name: 'Reset Password' });
    const newPasswordField = page.getByLabel('New password', { exact: true });
    const confirmField = page.getByLabel('Confirm new password', { exact: true });

    await newPasswordField.fill('fresh');
    await expect(requirements.locator('li[data-met="true"]')).toHaveText(['One lowercase letter (met)']);
    await newPasswordField.fill('Fresh1');
    await expect(requirements.locator('li[data-met="true"]')).toHaveCount(3);
    await confirmField.fill('Fresh1');
    await expect(submit).toBeDisabled();
    await expect(page.getByText('Please fix the password requirements listed below.')).toBeVisible();

    await newPasswordField.fill(newPassword);
    await expect(requirements.locator('li[data-met="false"]')).toHaveCount(0);
    await confirmField.fill(`${newPassword}x`);
    await expect(page.getByText('Password confirmation does not match new password.')).toBeVisible();
    await confirmField.fill(newPassword);
    await expect(page.getByText('Password confirmation does not match new password.')).toHaveCount(0);
    await submit.click();

    await expect(page.getByRole('link', { name: 'Continue to Sign In' })).toBeVisible();
    await expect(page).toHaveURL(/\/signin$/);
    await submitSignInForm(page, { email: member.email, password: member.password });
    await expect(page.getByText('Invalid email or password. Please try again.')).toBeVisible();
    await submitSignInForm(page, { email: member.email, password: newPassword });
    await expect(page).toHaveURL(/\/onboarding$/);

    // The link was used: a second reset with it is refused.
    await page.evaluate(() => sessionStorage.clear());
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('Another@Pass789');
    await page.getByLabel('Confirm new password', { exact: true }).fill('Another@Pass789');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(
      page.getByText('Password reset token is invalid or has expired. Please request a new password reset.'),
    ).toBeVisible();
  });

  test('the reset screen without a token goes to forgot-password', async ({ page }) => {
    await page.goto('/reset-password');
    await expect(page).toHaveURL(/\/forgot-password$/);
  });
});

test.describe('accessibility of the auth states', () => {
  test('register with its messages, forgot, reset with the requirement list and verify pass axe', async ({ page }) => {
    await page.goto('/register');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('First name is required')).toBeVisible();
    await expectNoSeriousViolations(page);

    await page.goto('/forgot-password');
    await expect(page.getByRole('button', { name: 'Send Reset Link' })).toBeDisabled();
    await expectNoSeriousViolations(page);

    await page.goto('/reset-password?token=not-a-real-token');
    await page.getByLabel('New password', { exact: true }).fill('weak');
    await page.getByLabel('Confirm new password', { exact: true }).fill('other');
    await page.getByLabel('Confirm new password', { exact: true }).blur();
    await expect(page.getByText('Please fix the password requirements listed below.')).toBeVisible();
    await expectNoSeriousViolations(page);

    await page.goto('/verify-email');
    await expect(page.getByText('No email found. Please register again.')).toBeVisible();
    await expectNoSeriousViolations(page);

    await page.goto('/verify-email?token=not-a-real-token');
    await expect(page.getByText('Email verification failed. The token may be invalid or expired.')).toBeVisible();
    await expectNoSeriousViolations(page);
  });
});
