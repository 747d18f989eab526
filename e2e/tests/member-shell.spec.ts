import { expect, test } from '@playwright/test';
import { accountMessages } from '@uplink/contract/accounts';
import { changePasswordMessages } from '@uplink/contract/password-rules';
import { e2eAdmin } from '../playwright.config';
import {
  completeOnboarding,
  createVerifiedMember,
  type NewMember,
  referralCodeOf,
  restorePassword,
} from '../support/accounts';
import { signInAs } from '../support/session';
import { sidebarShowing } from '../support/sidebar';

test.describe('member shell', () => {
  /** A member of their own who has paid and linked a UID, so the member area opens. */
  let member: NewMember;

  test.beforeAll(async ({ request }) => {
    member = await createVerifiedMember(request, await referralCodeOf(request, e2eAdmin), 'shell');
    await completeOnboarding(request, member);
  });

  test.beforeEach(async ({ page }) => {
    await signInAs(page, member);
  });

  test('the desktop sidebar shows the main and bottom items with subtitles and collapses', async ({ page }) => {
    await page.goto('/profile');
    await expect(page).toHaveTitle('Profile Settings · Uplink');
    const sidebar = await sidebarShowing(page, 'Member navigation', [
      'Overview & Stats',
      'Invite & Earn',
      'Referral Network',
      'Your Earnings',
      'Profile & Security',
      'Get Assistance',
    ]);
    const before = (await sidebar.boundingBox())?.width ?? 0;
    await sidebar.getByRole('button', { name: 'Collapse sidebar' }).click();
    await expect(sidebar).toHaveAttribute('data-collapsed', 'true');
    await expect(sidebar.getByText('Overview & Stats')).toHaveCount(0);
    await expect(sidebar.getByRole('link', { name: 'Support' })).toBeVisible();
    await expect.poll(async () => (await sidebar.boundingBox())?.width ?? 0).toBeLessThan(before);
    await sidebar.getByRole('button', { name: 'Expand sidebar' }).click();
    await expect(sidebar.getByText('Overview & Stats')).toBeVisible();
  });

  test('the mobile menu lists the member links', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/support');
    await expect(page.getByRole('complementary', { name: 'Member navigation' })).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.locator('#mobile-menu');
    await expect(menu.getByRole('link')).toHaveText(['Dashboard', 'Referrals', 'Rewards', 'User Tree', 'Profile']);
    await expect(menu.getByRole('button', { name: 'Sign Out' })).toBeVisible();
  });

  test('on a phone, Support is reached from the profile and from the footer', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/profile');
    await page.getByRole('link', { name: 'Get Assistance' }).click();
    await expect(page).toHaveURL(/\/support$/);
    await page.goto('/dashboard');
    await page.locator('main footer').getByRole('link', { name: 'Support' }).click();
    await expect(page).toHaveURL(/\/support$/);
  });

  test('the profile is read only with status, subscription and UID; the password can be changed', async ({
    page,
    request,
  }) => {
    await page.goto('/settings');
    await expect(page.getByRole('heading', { name: 'Profile Settings' })).toBeVisible();
    await expect(page.getByText('Subscription: Active')).toBeVisible();
    await expect(page.getByText('Account Status').locator('..')).toContainText('ACTIVE');
    await expect(page.getByText('BingX UID').locator('..')).not.toContainText('Not linked');
    await expect(page.getByRole('textbox')).toHaveCount(0);

    await page.getByRole('button', { name: 'Change Password' }).click();
    const form = page.getByRole('form', { name: 'Change password' });
    await form.getByRole('button', { name: 'Update Password' }).click();
    await expect(form.getByRole('alert')).toHaveText(changePasswordMessages.empty);

    const changed = 'Member!Pass456';
    await form.getByLabel('Current Password', { exact: true }).fill(member.password);
    await form.getByLabel('New Password', { exact: true }).fill(changed);
    await form.getByLabel('Confirm New Password', { exact: true }).fill(changed);
    await form.getByRole('button', { name: 'Show new password' }).click();
    await expect(form.getByLabel('New Password', { exact: true })).toHaveAttribute('type', 'text');
    await form.getByRole('button', { name: 'Update Password' }).click();
    await expect(page.getByText(accountMessages.passwordChanged)).toBeVisible();

    // The new password ends every other session; this one goes on with the renewed token.
    await page
      .getByRole('link', { name: /Referrals/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/referrals$/);
    await expect(page.getByText('No referrals yet')).toBeVisible();

    await restorePassword(request, member, changed, member.password);
  });

  test('the copy icon keeps its 16 px square beside the referral code on /referrals and /profile', async ({ page }) => {
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      for (const path of ['/referrals', '/profile']) {
        await page.goto(path);
        const button = page.getByRole('button', { name: 'Copy referral code' });
        await expect(button).toBeVisible();
        const icon = await button.locator('svg').boundingBox();
        expect(icon, `${path} at ${width} px`).toMatchObject({ width: 16, height: 16 });
        const box = await button.boundingBox();
        expect(box, `${path} at ${width} px`).toMatchObject({ width: 32, height: 32 });
      }
    }
  });

  test('a failed load leaves the referral figures blank instead of showing 0', async ({ page }) => {
    await page.route('**/api/users/referrals/history**', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({
          success: false,
          message: 'Service unavailable',
          data: null,
          error: null,
          errorCode: 'SERVICE_UNAVAILABLE',
        }),
      }),
    );
    await page.goto('/referrals');
    await expect(page.getByText('Failed to load referral data')).toBeVisible({ timeout: 15_000 });
    for (const label of ['Total Referrals', 'Active Users', 'BingX Linked', 'Paid Subscriptions']) {
      const card = page.getByText(label, { exact: true }).locator('..').locator('..');
      await expect(card, label).toContainText('—');
      await expect(card, label).not.toContainText('0');
    }
    await page.unroute('**/api/users/referrals/history**');
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByText('No referrals yet')).toBeVisible();
    await expect(page.getByText('Total Referrals', { exact: true }).locator('..').locator('..')).toContainText('0');

    await page.route('**/api/users/referral-tree**', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, message: 'Bad', data: null, error: null, errorCode: 'BAD_REQUEST' }),
      }),
    );
    await page.goto('/user-tree');
    await expect(page.getByText('Failed to fetch referral tree')).toBeVisible();
    for (const label of ['Total Referrals', 'Network Depth', 'Total Earnings (USD)', 'Avg per Referral']) {
      const card = page.getByText(label, { exact: true }).locator('..').locator('..');
      await expect(card, label).toContainText('—');
      await expect(card, label).not.toContainText(/\d/);
    }
  });

  test('support lists the messaging channel, e-mail, quick help and hours', async ({ page }) => {
    await page.goto('/support');
    await expect(page).toHaveTitle('Support · Uplink');
    await expect(page.getByRole('link', { name: /Telegram Support/ })).toHaveAttribute('href', /^https:\/\//);
    await expect(page.getByRole('link', { name: /Email Support/ })).toHaveAttribute('href', /^mailto:/);
    await expect(page.getByText('Quick Help')).toBeVisible();
    await expect(page.getByText('Telegram: 24/7')).toBeVisible();
    await expect(page.getByText('Email: within 24 hours')).toBeVisible();
  });
});
