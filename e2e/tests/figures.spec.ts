import { randomBytes } from 'node:crypto';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { e2eAdmin } from '../playwright.config';
import { latestMail, memberWithPayingCopier, type NewMember, signInThroughApi } from '../support/accounts';
import { lastFinishedCycle } from '../support/reward-cycles';
import { signInAs } from '../support/session';

/** A cycle of its own (rewards 0–1, withdrawals 2, admin 3, tables 4, payouts 7). */
const cycle = lastFinishedCycle - 11;
/**
 * The copier pays the master trader 123.4567: the member's level-1 share (5 %) is 6.172835,
 * credited as 6.17 with 0.002835 carried; with the copier's subscription (DIRECT 2.00) the member
 * has earned 8.17, exactly 8.172835.
 */
const copierMasterAmount = 123.4567;
const earned = '8.17';
const exact = '8.172835';
const carried = '0.002835';
/** Withdrawn 1.50 (approved), 0.75 rejected, 1.00 pending: 8.17 − 1.50 − 1.00 = 5.67 available. */
const withdrawals = { approved: '1.50', rejected: '0.75', pending: '1.00' } as const;
const available = '5.67';
const widths = [390, 1280, 1440] as const;

let member: NewMember;
let memberId: string;

/** A withdrawal the member asks for with the e-mailed code, to a wallet of its own; its id. */
async function withdraw(request: APIRequestContext, amount: string): Promise<string> {
  const headers = { authorization: `Bearer ${await signInThroughApi(request, member)}` };
  expect((await request.post('/api/otp/withdrawal/request', { headers })).ok()).toBe(true);
  const code = (await latestMail(request, member.email, /withdrawal code/)).text.match(/is (\d{6})/)?.[1];
  expect((await request.post('/api/otp/withdrawal/verify', { headers, data: { otp: code } })).ok()).toBe(true);
  const answer = await request.post('/api/withdrawals', {
    headers,
    data: { amount, walletAddress: `0x${randomBytes(20).toString('hex')}`, asset: 'USDT', otp: code },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  return (await answer.json()).data._id;
}

/** What a figure reads, as a number of cents (no float sums). */
async function cents(figure: Locator): Promise<number> {
  const text = (await figure.textContent()) ?? '';
  const match = /(-?[\d,]+)\.(\d\d)/.exec(text);
  expect(match, `a money figure in "${text}"`).not.toBeNull();
  const [, units = '0', decimals = '0'] = match ?? [];
  return Number(units.replaceAll(',', '')) * 100 + Number(decimals);
}

/** The four figures of a Balance Overview add up to the cent, and are the seeded ones. */
async function expectBalanceOverviewAddsUp(page: Page) {
  const figure = (id: string) => page.getByTestId(id).first();
  await expect(figure('available-balance')).toHaveText(`${available} USDT`);
  await expect(figure('pending-withdrawals')).toHaveText(`${withdrawals.pending} USDT`);
  await expect(figure('total-earned')).toHaveText(`${earned} USDT`);
  await expect(figure('total-withdrawn')).toHaveText(`${withdrawals.approved} USDT`);
  expect(await cents(figure('available-balance'))).toBe(
    (await cents(figure('total-earned'))) -
      (await cents(figure('total-withdrawn'))) -
      (await cents(figure('pending-withdrawals'))),
  );
  await expect(page.getByTestId('balance-equation').first()).toContainText(
    `Available ${available} = Total Earned ${earned} − Total Withdrawn ${withdrawals.approved} − Pending Withdrawals ${withdrawals.pending} USDT.`,
  );
}

/** The server's line beside rounded rows: the exact sum, what was credited, the carry — adding up. */
async function expectRoundingLine(page: Page, carriedTo: string) {
  await expect(page.getByTestId('figures-note').first()).toHaveText(
    `Rows are rounded to the cent. Exact sum ${exact} USDT: ${earned} credited, ${carried} carried to ${carriedTo}.`,
  );
}

/**
 * Nothing of the page scrolls sideways, no money table scrolls inside its box, and no amount,
 * status or action is cut: each lies within the viewport and shows its whole text.
 */
async function expectNothingCut(page: Page, width: number) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  const tables = await page.locator('table').evaluateAll((found) =>
    found
      .map((table) => ({ table, box: table.parentElement as HTMLElement }))
      // A table for screen readers only (the chart's figures) is 1 px wide on purpose.
      .filter(({ box }) => box.clientWidth > 1)
      .map(({ table, box }) => ({
        table: table.getAttribute('aria-label') ?? table.querySelector('caption')?.textContent ?? '?',
        over: box.scrollWidth - box.clientWidth,
      })),
  );
  for (const { table, over } of tables) expect(over, `the table "${table}" scrolls sideways`).toBeLessThanOrEqual(1);
  const cut = await page
    .locator(
      '[data-testid$="-balance"], [data-testid^="total-"], [data-testid="pending-withdrawals"], [data-testid="figures-note"], td, tbody [class*="rounded-full"], main button, main a, main .truncate',
    )
    .evaluateAll(
      (found, viewport) =>
        found
          .filter((element) => {
            const box = element.getBoundingClientRect();
            const hidden = element.closest('dialog:not([open]), .sr-only');
            if (box.width === 0 || box.height === 0 || hidden) return false;
            const clipped =
              element.scrollWidth > element.clientWidth + 1 && getComputedStyle(element).overflowX !== 'visible';
            return clipped || box.left < -1 || box.right > viewport + 1;
          })
          .map((element) => `${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 40)}"`),
      width,
    );
  expect(cut, 'amounts, statuses and actions shown whole, inside the screen').toEqual([]);
}

test.describe('the figures of a member with every kind of withdrawal and a carry, at 390, 1280 and 1440 px', () => {
  test.describe.configure({ mode: 'serial' });

  test.beforeAll(async ({ request }) => {
    test.setTimeout(240_000);
    ({ member } = await memberWithPayingCopier(request, { label: 'figures', cycle, copierMasterAmount }));
    const headers = { authorization: `Bearer ${await signInThroughApi(request, member)}` };
    memberId = (await (await request.get('/api/users/profile', { headers })).json()).data._id;
    const admin = { authorization: `Bearer ${await signInThroughApi(request, e2eAdmin)}` };

    // Approved: the demo treasury pays it and the reconciliation approves it from the chain.
    const paid = await withdraw(request, withdrawals.approved);
    expect((await request.post(`/api/dev/demo-treasury-pay/${paid}`, { headers: admin, data: {} })).ok()).toBe(true);
    await expect
      .poll(
        async () =>
          (await (await request.get(`/api/withdrawals/admin/${paid}`, { headers: admin })).json()).data.withdrawal
            .status,
        { message: 'the reconciliation approves the paid withdrawal', timeout: 90_000, intervals: [1_000] },
      )
      .toBe('APPROVED');
    const refused = await withdraw(request, withdrawals.rejected);
    const rejection = await request.put(`/api/withdrawals/${refused}`, {
      headers: admin,
      data: { status: 'REJECTED', reason: 'The wallet is an exchange deposit address' },
    });
    expect(rejection.ok(), await rejection.text()).toBe(true);
    await withdraw(request, withdrawals.pending);
  });

  for (const width of widths) {
    test.describe(`at ${width} px`, () => {
      test.use({ viewport: { width, height: 900 } });

      test('the dashboard: the Balance Overview adds up, nothing cut', async ({ page }) => {
        await signInAs(page, member);
        await page.goto('/dashboard');
        await expectBalanceOverviewAddsUp(page);
        await expectNothingCut(page, width);
      });

      test('/rewards: the Balance Overview and the rounded history against its exact sum, nothing cut', async ({
        page,
      }) => {
        await signInAs(page, member);
        await page.goto('/rewards');
        await expectBalanceOverviewAddsUp(page);
        const history = page.getByRole('table', { name: 'Rewards history' });
        await expect(history.locator('tbody tr')).toHaveCount(2);
        await expectRoundingLine(page, 'your next credit');
        await expectNothingCut(page, width);

        await page.getByRole('tab', { name: 'Withdrawal History' }).click();
        const rows = page.getByRole('table', { name: 'Withdrawal history' }).locator('tbody tr');
        await expect(rows).toHaveCount(3);
        for (const status of ['Pending', 'Rejected', 'Approved']) {
          await expect(rows.getByText(status, { exact: true })).toBeVisible();
        }
        await expectNothingCut(page, width);
      });

      test('the tree: its members add up to the exact sum its line explains, nothing cut', async ({ page }) => {
        await signInAs(page, member);
        await page.goto('/user-tree');
        await expect(page.getByText('Total Earnings (USD)').locator('../..')).toContainText(`$${earned}`);
        await expectRoundingLine(page, 'your next credit');
        // One member below: the copier, from whom every reward came (8.172835, shown rounded).
        await expect(page.getByRole('list', { name: 'Referral tree' }).getByText(`$${earned}`)).toBeVisible();
        await expectNothingCut(page, width);
      });

      test("the admin user detail: the member's Balance Overview, rewards and withdrawals, nothing cut", async ({
        page,
      }) => {
        await signInAs(page, e2eAdmin);
        await page.goto(`/admin/users/${memberId}`);
        await expectBalanceOverviewAddsUp(page);
        await expectNothingCut(page, width);
        await page.getByRole('tab', { name: /^Rewards/ }).click();
        await expect(page.getByRole('table', { name: 'Rewards of this member' }).locator('tbody tr')).toHaveCount(2);
        await expectRoundingLine(page, "the member's next credit");
        await expectNothingCut(page, width);
        await page.getByRole('tab', { name: /^Withdrawals/ }).click();
        const rows = page.getByRole('table', { name: 'Withdrawals of this member' }).locator('tbody tr');
        await expect(rows).toHaveCount(3);
        await expectNothingCut(page, width);
      });
    });
  }
});
