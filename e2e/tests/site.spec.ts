import { type APIRequestContext, expect, test } from '@playwright/test';
import { accountMessages } from '@uplink/contract/accounts';
import { changePasswordMessages } from '@uplink/contract/password-rules';
import { e2eAdmin } from '../playwright.config';
import {
  completeOnboarding,
  createVerifiedMember,
  type NewMember,
  referralCodeOf,
  signInThroughApi,
} from '../support/accounts';
import { signInAs } from '../support/session';

/** Puts a password back through the API so later tests can sign in with the usual one. */
async function restorePassword(
  request: APIRequestContext,
  account: { email: string },
  current: string,
  original: string,
) {
  const token = await signInThroughApi(request, { email: account.email, password: current });
  const response = await request.put('/api/users/change-password', {
    headers: { authorization: `Bearer ${token}` },
    data: { currentPassword: current, newPassword: original, confirmPassword: original },
  });
  expect(response.ok()).toBe(true);
}

test.describe('public site', () => {
  test('the navigation bar changes style after 20 px of scroll', async ({ page }) => {
    await page.goto('/');
    const bar = page.locator('header[data-scrolled]');
    await expect(bar).toHaveAttribute('data-scrolled', 'false');
    const topBackground = await bar.evaluate((element) => getComputedStyle(element).backgroundColor);

    await page.evaluate(() => window.scrollTo(0, 10));
    await expect(bar).toHaveAttribute('data-scrolled', 'false');

    await page.evaluate(() => window.scrollTo(0, 400));
    await expect(bar).toHaveAttribute('data-scrolled', 'true');
    await expect
      .poll(() => bar.evaluate((element) => getComputedStyle(element).backgroundColor))
      .not.toBe(topBackground);

    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(bar).toHaveAttribute('data-scrolled', 'false');
  });

  test('the landing page states every claim and the four-step guide', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle('Copy trading with rewards · Uplink');
    for (const claim of ['Keep 50% of the profit.', '5-10%', '100+', '24/7', 'No minimum trading package']) {
      await expect(page.getByText(claim, { exact: true }).first()).toBeVisible();
    }
    await expect(page.getByText(/tours, conferences(,| and) education/).first()).toBeVisible();
    await expect(page.getByText('We never hold your funds', { exact: false }).first()).toBeVisible();
    const steps = page.getByRole('list').filter({ hasText: 'Join the exchange through the affiliate link' });
    await expect(steps.getByRole('listitem')).toHaveText([
      /Join the exchange through the affiliate link/,
      /Complete KYC and fund 100 USD/,
      /Copy the master trader/,
      /Create your Uplink account/,
    ]);
    await expect(page.locator('#copy-trading')).toBeAttached();
    await expect(page.locator('#earn')).toBeAttached();
    await expect(page.locator('#contact-us')).toBeAttached();
  });

  test('the FAQ keeps one item open at a time', async ({ page }) => {
    await page.goto('/');
    const first = page.getByRole('button', { name: 'What is Uplink?' });
    const second = page.getByRole('button', { name: 'Does Uplink hold my money?' });
    const third = page.getByRole('button', { name: 'How much do I need to start?' });
    await expect(first).toHaveAttribute('aria-expanded', 'true');

    await second.click();
    await expect(second).toHaveAttribute('aria-expanded', 'true');
    await expect(first).toHaveAttribute('aria-expanded', 'false');
    await expect(
      page.getByText('Your funds stay in your own BingX account at all times.', { exact: false }),
    ).toBeVisible();

    await third.press('Enter');
    await expect(third).toHaveAttribute('aria-expanded', 'true');
    await expect(second).toHaveAttribute('aria-expanded', 'false');
    await expect(page.locator('[aria-expanded="true"]', { hasText: /\?$/ })).toHaveCount(1);

    await third.click();
    await expect(third).toHaveAttribute('aria-expanded', 'false');
  });

  test('a visitor sees the section links, Sign In and Sign Up; a section link scrolls to its anchor', async ({
    page,
  }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const name of ['Home', 'Copy Trading', 'Earn', 'Contact Us', 'Sign In', 'Sign Up']) {
      await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('button', { name: 'Account menu' })).toHaveCount(0);

    await nav.getByRole('link', { name: 'Earn', exact: true }).click();
    await expect(page).toHaveURL(/\/#earn$/);
    await expect(page.getByRole('heading', { name: /Grow a network/ })).toBeInViewport();

    await nav.getByRole('link', { name: 'Sign Up' }).click();
    await expect(page).toHaveURL(/\/register$/);
  });

  test('the footer carries the contact e-mail, two messaging groups, two social placeholders and the 2025 copyright', async ({
    page,
  }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/);
    await expect(footer.getByRole('link', { name: 'Telegram Channel' })).toHaveAttribute('href', /^https:\/\//);
    await expect(footer.getByRole('link', { name: 'Telegram Community' })).toHaveAttribute('href', /^https:\/\//);
    await expect(footer.getByRole('list', { name: /Social media/ }).getByRole('listitem')).toHaveCount(2);
    await expect(footer.getByText('© 2025 Uplink. All rights reserved.')).toBeVisible();
  });

  test('the mobile menu lists the visitor links', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Sign Up', exact: true })).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.locator('#mobile-menu');
    for (const name of ['Home', 'Copy Trading', 'Earn', 'Contact Us', 'Sign In', 'Sign Up']) {
      await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await menu.getByRole('link', { name: 'Contact Us' }).click();
    await expect(menu).toBeHidden();
    await expect(page).toHaveURL(/\/#contact-us$/);
  });

  test('the Earn section estimates from the plan the server answers, and refuses figures it cannot use', async ({
    page,
  }) => {
    await page.goto('/#earn');
    const calculator = page.locator('#earn');
    await expect(calculator.getByText('reward plan in force (version 1)')).toBeVisible();
    // 3 invites, 5 levels, 20 USDT: 3×20×5% + 9×20×2% + (27 + 81 + 243)×20×1% = 3 + 3.6 + 70.2.
    await expect(calculator.getByText('363', { exact: true })).toBeVisible();
    await expect(calculator.getByText('76.80 USDT')).toBeVisible();
    await expect(calculator.getByText('6.00 USDT')).toBeVisible();

    await calculator.getByLabel('Levels below you').fill('1');
    await expect(calculator.getByText('3.00 USDT')).toBeVisible();
    await calculator.getByLabel('Levels below you').fill('16');
    await expect(calculator.getByText('Levels must be a whole number from 1 to 15.')).toBeVisible();
    await expect(calculator.getByText('Members in your network')).toHaveCount(0);
    await calculator.getByLabel('Levels below you').fill('15');
    await calculator.getByLabel('Monthly profit share per member (USDT)').fill('1.234');
    await expect(calculator.getByText('The monthly profit share has at most 2 decimals.')).toBeVisible();
  });

  test('an unknown address shows the not-found page', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page).toHaveTitle('Page not found · Uplink');
  });

  test('a direct load of a lazily loaded screen leaves no router warning in the console', async ({ page }) => {
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
    });
    for (const [path, heading] of [
      ['/signin', 'Sign In'],
      ['/register', 'Create your account'],
      ['/forgot-password', 'Forgot your password?'],
      ['/verify-email', 'Verify Your Email'],
      ['/no-such-page', 'Page not found'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading }), path).toBeVisible();
    }
    expect(warnings.filter((text) => text.includes('HydrateFallback'))).toEqual([]);
  });

  test('the favicon the pages reference is served as an image, and so is /favicon.ico', async ({ page, request }) => {
    for (const path of ['/', '/signin', '/dev/mailbox']) {
      await page.goto(path);
      const href = await page.locator('link[rel="icon"]').first().getAttribute('href');
      expect(href, `${path} references an icon`).toBeTruthy();
      const icon = await request.get(new URL(href as string, page.url()).toString());
      expect(icon.status(), `${href} from ${path}`).toBe(200);
      expect(icon.headers()['content-type']).toMatch(/^image\//);
    }
    // Browsers ask for /favicon.ico on pages without a <link rel="icon"> (the API docs, for one).
    const ico = await request.get('/favicon.ico');
    expect(ico.status()).toBe(200);
    expect(ico.headers()['content-type']).toMatch(/^image\//);
  });
});

test.describe('signed-in menu', () => {
  test('shows the name and e-mail, offers Dashboard, Profile Settings and Sign Out, and works from the keyboard', async ({
    page,
  }) => {
    await signInAs(page, e2eAdmin);
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Sign In' })).toHaveCount(0);

    const trigger = page.getByRole('button', { name: 'Account menu' });
    await trigger.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu', { name: 'Account menu' });
    await expect(menu).toBeVisible();
    await expect(menu.getByText(e2eAdmin.email)).toBeVisible();
    await expect(menu.getByText('Root', { exact: true })).toBeVisible();
    await expect(menu.getByText('Administrator', { exact: true })).toBeVisible();
    await expect(menu.getByRole('menuitem')).toHaveText(['Dashboard', 'Profile Settings', 'Sign Out']);
    await expect(menu.getByRole('menuitem', { name: 'Dashboard' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: 'Profile Settings' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(trigger).toBeFocused();

    await trigger.click();
    await page.getByRole('menuitem', { name: 'Profile Settings' }).click();
    await expect(page).toHaveURL(/\/admin\/settings$/);

    await page.goto('/');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign In' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });
});

test.describe('admin settings', () => {
  test.beforeEach(async ({ page }) => {
    await signInAs(page, e2eAdmin);
  });

  test('shows the admin banner, the read-only profile with the last sign-in and the static overview', async ({
    page,
  }) => {
    await page.goto('/admin/settings');
    await expect(page).toHaveTitle('Admin Settings · Uplink');
    await expect(page.getByText('ADMIN ACCESS', { exact: true })).toBeVisible();
    await expect(page.getByText('ADMINISTRATOR', { exact: true })).toBeVisible();
    // Signing in (above) recorded a last login, so a date is shown rather than 'Not available'.
    await expect(page.getByText('Last Login').locator('..')).not.toContainText('Not available');
    await expect(page.getByText('Last Login').locator('..')).toContainText(/\d{4}/);
    const overview = page.getByRole('region', { name: 'System Overview' });
    await expect(overview).toContainText('System Status');
    await expect(overview).toContainText('Online');
    await expect(overview).toContainText('Connected');
    await expect(overview.getByText('--')).toHaveCount(2);
    const sidebar = page.getByRole('complementary', { name: 'Admin navigation' });
    for (const subtitle of [
      'Overview & Analytics',
      'Manage Users',
      'Review Requests',
      'Reward Distribution',
      'Admin Settings',
    ]) {
      await expect(sidebar.getByText(subtitle, { exact: true })).toBeVisible();
    }
    await expect(sidebar.getByText('Administrator', { exact: true })).toBeVisible();
  });

  test('toggles and selects start at their defaults and survive a reload', async ({ page }) => {
    await page.goto('/admin/settings');
    const toggle = (name: string) => page.getByRole('switch', { name });
    await expect(toggle('Email Notifications')).toHaveAttribute('aria-checked', 'true');
    await expect(toggle('Withdrawal Alerts')).toHaveAttribute('aria-checked', 'true');
    await expect(toggle('User Registration Alerts')).toHaveAttribute('aria-checked', 'true');
    await expect(toggle('Maintenance Mode')).toHaveAttribute('aria-checked', 'false');
    await expect(toggle('Auto Backup')).toHaveAttribute('aria-checked', 'true');
    await expect(toggle('Audit Logs')).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByLabel('Session Timeout')).toHaveValue('30');
    await expect(page.getByLabel('Max Login Attempts')).toHaveValue('5');

    await toggle('Maintenance Mode').click();
    await toggle('Withdrawal Alerts').click();
    await page.getByLabel('Session Timeout').selectOption('120');
    await page.getByLabel('Max Login Attempts').selectOption('3');
    await page.reload();

    await expect(toggle('Maintenance Mode')).toHaveAttribute('aria-checked', 'true');
    await expect(toggle('Withdrawal Alerts')).toHaveAttribute('aria-checked', 'false');
    await expect(toggle('Email Notifications')).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByLabel('Session Timeout')).toHaveValue('120');
    await expect(page.getByLabel('Max Login Attempts')).toHaveValue('3');
    const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('adminSettings'))) ?? '{}');
    expect(stored).toMatchObject({ systemMaintenanceMode: true, withdrawalAlerts: false, sessionTimeout: '120' });
  });

  test('Change Password: the four client rules, the two server refusals, Changing... and success', async ({
    page,
    request,
  }) => {
    await page.goto('/admin/settings');
    const form = page.getByRole('form', { name: 'Change password' });
    await expect(form).toHaveCount(0);
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(form).toBeVisible();

    const current = form.getByLabel('Current Password', { exact: true });
    const next = form.getByLabel('New Password', { exact: true });
    const confirm = form.getByLabel('Confirm New Password', { exact: true });
    const save = form.getByRole('button', { name: 'Save Changes' });
    const fill = async (values: [string, string, string]) => {
      await current.fill(values[0]);
      await next.fill(values[1]);
      await confirm.fill(values[2]);
    };
    const error = form.getByRole('alert');

    await fill([e2eAdmin.password, 'Another!Pass1', '']);
    await save.click();
    await expect(error).toHaveText(changePasswordMessages.empty);
    // Typing clears the error.
    await confirm.fill('A');
    await expect(error).toHaveCount(0);

    // Current, new and confirmation, and what the form answers: the client rules, then the server's refusals.
    const refusals: [[string, string, string], string][] = [
      [[e2eAdmin.password, 'Another!Pass1', 'Another!Pass2'], changePasswordMessages.mismatch],
      [[e2eAdmin.password, 'Ab1!', 'Ab1!'], changePasswordMessages.tooShort],
      [[e2eAdmin.password, 'alllowercase1!', 'alllowercase1!'], changePasswordMessages.weak],
      // A character outside the allowed set is refused by the same rule.
      [[e2eAdmin.password, 'Valid#Pass1!', 'Valid#Pass1!'], changePasswordMessages.weak],
      [['Wrong!Pass123', 'Another!Pass1', 'Another!Pass1'], accountMessages.currentPasswordIncorrect],
      [[e2eAdmin.password, e2eAdmin.password, e2eAdmin.password], accountMessages.samePassword],
    ];
    for (const [values, message] of refusals) {
      await fill(values);
      await save.click();
      await expect(error).toHaveText(message);
    }

    // Cancel closes the form, clears it and the error.
    await form.getByRole('button', { name: 'Cancel' }).click();
    await expect(form).toHaveCount(0);
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(current).toHaveValue('');
    await expect(error).toHaveCount(0);

    // Hold the answer back a moment so the busy label can be seen.
    await page.route('**/api/users/change-password', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    const changed = 'Changed!Pass456';
    await fill([e2eAdmin.password, changed, changed]);
    await save.click();
    await expect(form.getByRole('button', { name: 'Changing...' })).toBeDisabled();
    await expect(page.getByText(accountMessages.passwordChanged)).toBeVisible();
    await expect(form).toHaveCount(0);
    // The success banner goes away after 3 seconds.
    await expect(page.getByText(accountMessages.passwordChanged)).toBeHidden({ timeout: 6_000 });

    await restorePassword(request, e2eAdmin, changed, e2eAdmin.password);
  });

  test('the sidebar collapses behind a menu button on a small screen', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/admin/settings');
    const sidebar = page.getByRole('complementary', { name: 'Admin navigation' });
    await expect(sidebar).toBeHidden();
    await page.getByRole('button', { name: 'Open admin menu' }).click();
    await expect(sidebar).toBeVisible();
    await sidebar.getByRole('link', { name: /Users/ }).click();
    await expect(page).toHaveURL(/\/admin\/users$/);
    await expect(sidebar).toBeHidden();
  });
});

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
    const sidebar = page.getByRole('complementary', { name: 'Member navigation' });
    for (const subtitle of [
      'Overview & Stats',
      'Invite & Earn',
      'Referral Network',
      'Your Earnings',
      'Profile & Security',
      'Get Assistance',
    ]) {
      await expect(sidebar.getByText(subtitle, { exact: true })).toBeVisible();
    }
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
