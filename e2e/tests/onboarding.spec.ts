import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { e2eAdmin } from '../playwright.config';
import { createVerifiedMember, type NewMember, referralCodeOf, signInThroughApi } from '../support/accounts';

const screenshots = process.env.SCREENSHOT_DIR;

async function signIn(page: Page, member: NewMember) {
  await page.goto('/signin');
  await page.getByLabel('Email address').fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/onboarding$/);
}

async function shoot(page: Page, name: string) {
  if (!screenshots) return;
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${screenshots}/onboarding-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** No serious or critical WCAG 2.1 AA violation on the page as it is now. */
async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help}`);
  expect(serious).toEqual([]);
}

/**
 * Presses 'refresh status' until the payment is confirmed (the demo chain needs two blocks, one a
 * second). The background scan may confirm it first, and then the button is gone: a press that
 * finds no button is retried, and a visible link panel ends the loop.
 */
async function refreshUntilPaid(page: Page) {
  const linkPanel = page.getByRole('heading', { name: '2. Link Exchange Account' });
  await expect(async () => {
    if (await linkPanel.isVisible()) return;
    await page.getByRole('button', { name: 'refresh status' }).click({ timeout: 2_000 });
    await expect(page.getByRole('dialog', { name: 'Refreshing Status' })).toBeHidden({ timeout: 20_000 });
    await expect(linkPanel).toBeVisible({ timeout: 2_500 });
  }).toPass({ intervals: [1_000, 2_500], timeout: 45_000 });
}

test.describe('onboarding', () => {
  test('a new member pays on the demo chain, links a BingX UID and reaches the dashboard', async ({
    page,
    request,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const member = await createVerifiedMember(request, await referralCodeOf(request, e2eAdmin), 'onboarding');
    const token = await signInThroughApi(request, member);
    const profile = await (
      await request.get('/api/users/profile', { headers: { authorization: `Bearer ${token}` } })
    ).json();
    const depositAddress: string = profile.data.walletAddress;
    expect(depositAddress).toMatch(/^0x[0-9a-fA-F]{40}$/);

    await signIn(page, member);
    // Unpaid members are kept on onboarding.
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/onboarding$/);

    await expect(page.getByRole('list', { name: 'Onboarding steps' })).toContainText('1 Pay Subscription');
    await expect(page.getByRole('list', { name: 'Onboarding steps' })).toContainText('2 Link Exchange Account');
    await expect(page.getByRole('heading', { name: '1. Pay Subscription' })).toBeVisible();
    await expect(page.getByText(depositAddress)).toBeVisible();
    await expect(page.getByRole('img', { name: `QR code of the deposit address ${depositAddress}` })).toBeVisible();
    await expect(page.getByText('BEP20 (BSC)').first()).toBeVisible();
    await expect(page.getByText('10.00 USDT').first()).toBeVisible();
    await expect(page.getByText(/1-3 minutes/)).toBeVisible();

    await page.getByRole('button', { name: 'Copy deposit address' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(depositAddress);
    await page.getByRole('button', { name: 'Copy USDT contract address' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/^0x[0-9a-fA-F]{40}$/);

    // Nothing paid yet: the refresh blocks the page while it runs (held back a moment here to
    // see it), then says so.
    let releaseRefresh: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      releaseRefresh = resolve;
    });
    await page.route('**/api/users/refresh-subscription', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'refresh status' }).click();
    const overlay = page.getByRole('dialog', { name: 'Refreshing Status' });
    await expect(overlay).toBeVisible();
    await shoot(page, 'refreshing');
    releaseRefresh();
    await expect(overlay).toBeHidden();
    await page.unroute('**/api/users/refresh-subscription');
    await expect(page.getByText(/No confirmed payment yet/)).toBeVisible();
    await shoot(page, 'payment');
    await expectAccessible(page);

    const payment = await request.post('/api/dev/demo-pay', { data: { email: member.email } });
    expect(payment.ok(), await payment.text()).toBe(true);
    await refreshUntilPaid(page);

    const uidField = page.getByLabel('BingX UID');
    const linkButton = page.getByRole('button', { name: 'Link Account' });
    await expect(page.getByText('It is usually 8-12 digits.')).toBeVisible();
    await expect(linkButton).toBeDisabled();
    await uidField.fill('   ');
    await expect(linkButton).toBeDisabled();
    await expectAccessible(page);

    await uidField.fill(' 10000001 ');
    await linkButton.click();
    await expect(page.getByRole('heading', { name: 'Onboarding Complete!' })).toBeVisible();
    await shoot(page, 'complete');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Go to Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    // Complete members are sent on from onboarding.
    await page.goto('/onboarding');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('each sandbox test UID that fails shows its message', async ({ page, request }) => {
    const member = await createVerifiedMember(request, await referralCodeOf(request, e2eAdmin), 'uid-failures');
    const payment = await request.post('/api/dev/demo-pay', { data: { email: member.email } });
    expect(payment.ok(), await payment.text()).toBe(true);
    await signIn(page, member);
    await refreshUntilPaid(page);

    const uidField = page.getByLabel('BingX UID');
    const linkButton = page.getByRole('button', { name: 'Link Account' });
    const outcomes = [
      ['10000002', 'This BingX UID was not registered through our invitation link'],
      ['10000003', 'KYC verification is not complete on this BingX account'],
      ['10000004', 'The BingX account holds less than the minimum deposit of 100 USDT'],
      ['10000005', 'BingX is not answering right now. Please try again in a minute.'],
      ['12ab', 'The BingX UID must contain digits only'],
    ] as const;
    for (const [uid, message] of outcomes) {
      await uidField.fill(uid);
      await linkButton.click();
      await expect(page.getByRole('alert').filter({ hasText: message })).toBeVisible();
      if (uid === '10000003') await shoot(page, 'link-error');
    }
    // Still on the link step: nothing was linked.
    await expect(page.getByRole('heading', { name: '2. Link Exchange Account' })).toBeVisible();
  });
});
