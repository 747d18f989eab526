import { expect, test } from '@playwright/test';
import { gotoMounted } from '../support/app-mounted';

test.describe('public site', () => {
  test('the navigation bar changes style after 20 px of scroll', async ({ page }) => {
    await gotoMounted(page, '/');
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
    await gotoMounted(page, '/');
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
    await gotoMounted(page, '/');
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
    await gotoMounted(page, '/');
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

  test('the footer carries the contact e-mail, two messaging groups, two social placeholders and the copyright of the current year', async ({
    page,
  }) => {
    await gotoMounted(page, '/');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/);
    await expect(footer.getByRole('link', { name: 'Telegram Channel' })).toHaveAttribute('href', /^https:\/\//);
    await expect(footer.getByRole('link', { name: 'Telegram Community' })).toHaveAttribute('href', /^https:\/\//);
    await expect(footer.getByRole('list', { name: /Social media/ }).getByRole('listitem')).toHaveCount(2);
    await expect(footer.getByText(`© ${new Date().getFullYear()} Uplink. All rights reserved.`)).toBeVisible();
  });

  test('the mobile menu lists the visitor links', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await gotoMounted(page, '/');
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
});
