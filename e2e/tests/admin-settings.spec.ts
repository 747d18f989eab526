import { expect, test } from '@playwright/test';
import { accountMessages } from '@uplink/contract/accounts';
import { changePasswordMessages } from '@uplink/contract/password-rules';
import { e2eAdmin } from '../playwright.config';
import { restorePassword } from '../support/accounts';
import { signInAs } from '../support/session';
import { sidebarShowing } from '../support/sidebar';

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
    // The root administrator founded the network: theirs is the code its first members register with.
    await expect(page.getByText('Network Root Code').locator('..')).toContainText(/[A-Z2-9]{8}/);
    // Signing in (above) recorded a last login, so a date is shown rather than 'Not available'.
    await expect(page.getByText('Last Login').locator('..')).not.toContainText('Not available');
    await expect(page.getByText('Last Login').locator('..')).toContainText(/\d{4}/);
    const overview = page.getByRole('region', { name: 'System Overview' });
    await expect(overview).toContainText('System Status');
    await expect(overview).toContainText('Online');
    await expect(overview).toContainText('Connected');
    await expect(overview.getByText('--')).toHaveCount(2);
    const sidebar = await sidebarShowing(page, 'Admin navigation', [
      'Overview & Analytics',
      'Manage Users',
      'Review Requests',
      'Reward Distribution',
      'Admin Settings',
    ]);
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
