import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { e2eAdmin } from '../playwright.config';
import { expectNoSeriousViolations } from '../support/accessibility';
import {
  completeOnboarding,
  createVerifiedMember,
  type NewMember,
  referralCodeOf,
  signInThroughApi,
  uidOf,
} from '../support/accounts';
import { lastFinishedCycle } from '../support/reward-cycles';
import { shoot } from '../support/screenshots';
import { signInAs } from '../support/session';

/**
 * A member with three paying referrals (three DIRECT rewards of 2 USDT), then two cycles run by
 * the administrator from uploaded statements: 5 % of what each referral paid the master trader.
 */
test.describe('rewards', () => {
  test.describe.configure({ mode: 'serial' });
  let owner: NewMember;

  test.beforeAll(async ({ request }) => {
    test.setTimeout(240_000);
    owner = await createVerifiedMember(request, await referralCodeOf(request, e2eAdmin), 'earner');
    await completeOnboarding(request, owner);
    const ownerCode = await referralCodeOf(request, owner);
    const referrals: NewMember[] = [];
    for (const label of ['copier-a', 'copier-b', 'copier-c']) {
      const referral = await createVerifiedMember(request, ownerCode, label);
      await completeOnboarding(request, referral);
      referrals.push(referral);
    }
    const uids = await Promise.all([owner, ...referrals].map((member) => uidOf(request, member)));
    const adminToken = await signInThroughApi(request, e2eAdmin);
    // Two cycles: 100/200/300 then 40/50/60 paid to the master trader → 30 + 7.5 USDT at 5 %.
    for (const [offset, amounts] of [
      [1, [100, 200, 300]],
      [0, [40, 50, 60]],
    ] as const) {
      const run = await request.post('/api/rewards/admin/cycles', {
        headers: { authorization: `Bearer ${adminToken}` },
        data: {
          cycle: lastFinishedCycle - offset,
          entries: [
            { bingXUID: uids[0], masterAmount: 0 },
            ...amounts.map((masterAmount, index) => ({ bingXUID: uids[index + 1], masterAmount })),
          ],
        },
      });
      expect(run.ok(), await run.text()).toBe(true);
    }
  });

  async function open(page: Page, path: string) {
    await signInAs(page, owner);
    await page.goto(path);
  }

  test('the dashboard shows the balance, what was earned and where it came from', async ({ page }) => {
    await open(page, '/dashboard');
    await expect(page.getByRole('heading', { name: `Welcome back, ${owner.firstName}!` })).toBeVisible();
    await expect(page.getByText('Active', { exact: true })).toBeVisible();
    await expect(page.getByTestId('dashboard-referral-code')).toHaveText(/^[A-Z2-9]{8}$/);
    // 3 × 2 DIRECT + 30 + 7.5 DOWNLINE.
    await expect(page.getByText('43.50 USDT').first()).toBeVisible();
    await expect(page.getByTestId('total-income')).toHaveText('43.50 USDT');
    await expect(page.getByText('6.00 USDT')).toBeVisible();
    await expect(page.getByText('37.50 USDT')).toBeVisible();
    await expectNoSeriousViolations(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSeriousViolations(page);
    await shoot(page, 'dashboard');
  });

  test('the rewards page charts the cycles and filters, sorts and pages the history', async ({ page }) => {
    await open(page, '/rewards');
    await expect(page.getByTestId('available-balance')).toHaveText('43.50 USDT');
    await expect(page.getByRole('button', { name: 'Request Withdrawal' })).toBeEnabled();
    // The lead's cycles plus the cycle of the three DIRECT rewards, each a bar with its own title.
    const chart = page.getByRole('img', { name: /^Earnings over the last 3 cycles \(.+\): 43\.50 USDT in all/ });
    await expect(chart).toBeVisible();
    await expect(chart.locator('rect')).toHaveCount(6);
    await expect(chart.locator('title')).toHaveCount(3);
    await expect(page.getByRole('tab', { name: 'Rewards History' })).toHaveAttribute('aria-selected', 'true');

    const rows = page.getByRole('table', { name: 'Rewards history' }).locator('tbody tr');
    await expect(rows).toHaveCount(9);
    await expect(page.getByText('Showing 1-9 of 9 rewards')).toBeVisible();

    await page.getByLabel('Type').selectOption('DIRECT');
    await expect(rows).toHaveCount(3);
    await expect(page).toHaveURL(/type=DIRECT/);
    await page.getByLabel('Type').selectOption('');
    await page.getByLabel('Level').selectOption('2');
    await expect(page.getByText('No rewards found')).toBeVisible();
    await page.getByLabel('Level').selectOption('1');
    await expect(rows).toHaveCount(9);

    await page.getByLabel('Sort').selectOption('-rewardAmount');
    await expect(rows.first()).toContainText('15.00 USDT');
    await page.getByLabel('Sort').selectOption('rewardAmount');
    await expect(rows.first()).toContainText('2.00 USDT');

    await page.getByLabel('Per page').selectOption('25');
    await expect(page).toHaveURL(/limit=25/);
    await page.reload();
    await expect(page.getByLabel('Per page')).toHaveValue('25');
    await expect(page.getByLabel('Sort')).toHaveValue('rewardAmount');

    await page.getByRole('tab', { name: 'Withdrawal History' }).click();
    await expect(page.getByText('No withdrawals found')).toBeVisible();
    await page.getByRole('tab', { name: 'Rewards History' }).click();

    await expectNoSeriousViolations(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(chart).toBeVisible();
    // The member layout's padding animates to the phone layout: measure once it has.
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoSeriousViolations(page);
    await shoot(page, 'rewards');
  });

  test("downloads this year's rewards statement, its total the screen's", async ({ page }) => {
    await open(page, '/rewards');
    await expect(page.getByTestId('available-balance')).toHaveText('43.50 USDT');
    await expect(page.getByRole('heading', { name: 'Statements' })).toBeVisible();
    await page.getByRole('button', { name: 'This year' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download rewards (CSV)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^uplink-rewards-UP\d+-\d{4}-01-01-to-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = (await readFile(await download.path(), 'utf8')).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'date,type,level,cycle,fromMemberName,fromMemberUserId,percent,masterAmount,rewardAmount,state',
    );
    expect(lines).toHaveLength(1 + 9 + 6);
    expect(lines.slice(-6)).toEqual([
      'Exact,,,,,,,,43.5,',
      'Credited,,,,,,,,43.5,',
      'Locked,,,,,,,,0,',
      'Carried in,,,,,,,,0,',
      'Carried,,,,,,,,0,',
      'Rows are exact; the ledger books whole cents. Exact sum 43.50 USDT = 43.50 credited + 0.00 locked − 0.00 carried in from before + 0.00 carried to your next credit.,,,,,,,,,',
    ]);
  });

  test('bad filters in the address fall back to what the page offers', async ({ page }) => {
    await open(page, '/rewards?limit=7&level=99&type=BONUS&sort=evil');
    await expect(page.getByLabel('Per page')).toHaveValue('10');
    await expect(page.getByLabel('Type')).toHaveValue('');
    await expect(page.getByRole('table', { name: 'Rewards history' }).locator('tbody tr')).toHaveCount(9);
  });
});

test.describe('the demo member', () => {
  test.skip(process.env.E2E_SEED_DEMO !== 'true', 'needs the demo network (E2E_SEED_DEMO=true)');
  const demo = { email: 'demo@uplink.local', password: 'Demo!Pass123' };

  test('sees what the seeded cycles paid on /dashboard and charted on /rewards', async ({ page }) => {
    await signInAs(page, demo);
    await page.goto('/dashboard');
    const totalEarned = page.getByText('Total Earned', { exact: true }).locator('../..');
    await expect(totalEarned).toContainText(/\d\.\d\d USDT/);
    const figure = /([\d,]+\.\d\d) USDT/.exec((await totalEarned.textContent()) ?? '')?.[1] ?? '0';
    expect(Number(figure.replaceAll(',', ''))).toBeGreaterThan(0);
    await page.goto('/rewards');
    await expect(page.getByRole('img', { name: /^Earnings over the last \d+ cycles? / })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Rewards history' }).locator('tbody tr').first()).toBeVisible();
  });
});
