import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { e2eAdmin } from '../playwright.config';
import { expectNoSeriousViolations } from '../support/accessibility';
import { createVerifiedMember, type NewMember, referralCodeOf, signInThroughApi } from '../support/accounts';
import { shoot } from '../support/screenshots';
import { submitSignInForm } from '../support/session';

/** Signs in through the form; a member who has not finished onboarding lands on it. */
async function signIn(page: Page, member: NewMember) {
  await page.goto('/signin');
  await submitSignInForm(page, member);
  await expect(page).toHaveURL(/\/onboarding$/);
}

async function payOnDemoChain(request: APIRequestContext, email: string, amount: string) {
  const payment = await request.post('/api/dev/demo-pay', { data: { email, amount } });
  expect(payment.ok(), await payment.text()).toBe(true);
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
    await shoot(page, 'onboarding-refreshing');
    releaseRefresh();
    await expect(overlay).toBeHidden();
    await page.unroute('**/api/users/refresh-subscription');
    await expect(page.getByText(/No confirmed payment yet/)).toBeVisible();
    await shoot(page, 'onboarding-payment');
    await expectNoSeriousViolations(page);

    const payment = await request.post('/api/dev/demo-pay', { data: { email: member.email } });
    expect(payment.ok(), await payment.text()).toBe(true);
    await refreshUntilPaid(page);

    const uidField = page.getByLabel('BingX UID');
    const linkButton = page.getByRole('button', { name: 'Link Account' });
    await expect(page.getByText('It is usually 8-12 digits.')).toBeVisible();
    await expect(linkButton).toBeDisabled();
    await uidField.fill('   ');
    await expect(linkButton).toBeDisabled();
    await expectNoSeriousViolations(page);

    await uidField.fill(' 10000001 ');
    await linkButton.click();
    await expect(page.getByRole('heading', { name: 'Onboarding Complete!' })).toBeVisible();
    await shoot(page, 'onboarding-complete');
    await expectNoSeriousViolations(page);
    await page.getByRole('button', { name: 'Go to Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    // Complete members are sent on from onboarding.
    await page.goto('/onboarding');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('a partial payment shows what has arrived, and the full payment moves the screen on by itself', async ({
    page,
    request,
  }) => {
    const member = await createVerifiedMember(request, await referralCodeOf(request, e2eAdmin), 'partial');
    let refreshPresses = 0;
    page.on('request', (sent) => {
      if (sent.url().includes('/api/users/refresh-subscription')) refreshPresses += 1;
    });
    await signIn(page, member);
    await expect(page.getByRole('heading', { name: '1. Pay Subscription' })).toBeVisible();

    await payOnDemoChain(request, member.email, '4');
    // The background scan credits it and the open panel polls the profile: no 'refresh status'.
    await expect(page.getByText('4.00 of 10.00 USDT received')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('6.00 USDT still due')).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Subscription payment received' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
    await shoot(page, 'onboarding-partial');

    await payOnDemoChain(request, member.email, '6');
    await expect(page.getByRole('heading', { name: '2. Link Exchange Account' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('list', { name: 'Onboarding steps' })).toContainText('Pay Subscription (done)');
    expect(refreshPresses).toBe(0);
  });

  test('the deposit address reads in whole groups, never a lone character on a line', async ({ page, request }) => {
    const member = await createVerifiedMember(request, await referralCodeOf(request, e2eAdmin), 'address');
    await signIn(page, member);
    const address = page.getByTestId('deposit-address');
    await expect(address).toBeVisible();
    for (const [width, maxLines] of [
      [1440, 1],
      [1024, 2],
      [390, 3],
      [320, 4],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      // Characters per rendered line, measured from each character's box.
      const lines = await address.evaluate((element) => {
        const perLine = new Map<number, number>();
        const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          for (let index = 0; index < (node.textContent ?? '').length; index += 1) {
            const range = document.createRange();
            range.setStart(node, index);
            range.setEnd(node, index + 1);
            const top = Math.round(range.getBoundingClientRect().top);
            perLine.set(top, (perLine.get(top) ?? 0) + 1);
          }
        }
        return [...perLine.values()];
      });
      expect(
        lines.reduce((sum, count) => sum + count, 0),
        `${width} px`,
      ).toBe(42);
      expect(lines.length, `${width} px: ${lines.join(' + ')}`).toBeLessThanOrEqual(maxLines);
      expect(Math.min(...lines), `${width} px: ${lines.join(' + ')}`).toBeGreaterThanOrEqual(4);
      // The box holds the address: nothing runs out of it.
      expect(await address.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    }
    // Selecting and copying the text gives the address as one piece.
    const text = await address.evaluate((element) => element.textContent);
    expect(text).toMatch(/^0x[0-9a-fA-F]{40}$/);
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
      ['10000004', 'The BingX account holds less than the minimum balance of 100 USDT'],
      ['10000005', 'BingX is not answering right now. Please try again in a minute.'],
      ['12ab', 'The BingX UID must contain digits only'],
    ] as const;
    for (const [uid, message] of outcomes) {
      await uidField.fill(uid);
      await linkButton.click();
      await expect(page.getByRole('alert').filter({ hasText: message })).toBeVisible();
      if (uid === '10000003') await shoot(page, 'onboarding-link-error');
    }
    // Still on the link step: nothing was linked.
    await expect(page.getByRole('heading', { name: '2. Link Exchange Account' })).toBeVisible();
  });
});
