import { expect, test } from '@playwright/test';
import { e2eAdmin } from '../playwright.config';
import { signInAs } from '../support/session';

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
