import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { e2eAdmin } from '../playwright.config';
import { expectNoViolations } from '../support/accessibility';
import {
  completeOnboarding,
  createVerifiedMember,
  type NewMember,
  referralCodeOf,
  requestWithdrawalThroughApi,
  signInThroughApi,
  uidOf,
} from '../support/accounts';
import { lastFinishedCycle } from '../support/reward-cycles';
import { shoot } from '../support/screenshots';
import { signInAs } from '../support/session';
import { expectNewestWithdrawalApproved } from '../support/withdrawal-history';

/** A cycle of its own (rewards 0–1, withdrawals 2, admin 3, tables 4). */
/** Downloading a part asks first, as it starts the batch's payment: confirm, and the file comes. */
async function downloadAfterConfirming(page: Page, button: string): Promise<void> {
  await page.getByRole('button', { name: button }).click();
  await page
    .getByRole('dialog', { name: 'Download this payment file?' })
    .getByRole('button', { name: 'Download part 1' })
    .click();
}

const cycle = lastFinishedCycle - 7;
/** Wallets of their own (EIP-55's examples): one address holds one pending withdrawal. */
const wallets = ['0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB', '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb'] as const;
/** Every member of this spec carries it in their e-mail address: the admin list's search finds them alone. */
const tag = `payout-${Date.now().toString(36)}`;
/** 20 USDT in the token's base units (18 decimals on BSC), as a Transaction Builder call carries it. */
const twentyInBaseUnits = 20n * 10n ** 18n;

/**
 * Two members each withdraw 20 USDT: the first (under the administrator) earns from the second,
 * who earns from a third paying copier. The administrator batches both pending withdrawals from
 * the search, downloads the Safe files (which starts the batch's payment), releases it as if the
 * Safe transaction had been rejected, pays the batch in one demo-treasury transaction and watches
 * reconciliation turn it PAID; the member sees the withdrawal approved with its link.
 */
test.describe('payout batches', () => {
  test.describe.configure({ mode: 'serial' });
  // The batch's screen in each of its states, at the desktop width axe once faulted its contrast at.
  test.use({ viewport: { width: 1440, height: 900 } });
  const members: NewMember[] = [];
  let batchPath = '';

  test.beforeAll(async ({ request }) => {
    test.setTimeout(360_000);
    const first = await createVerifiedMember(request, await referralCodeOf(request, e2eAdmin), `${tag}-a`);
    await completeOnboarding(request, first);
    const second = await createVerifiedMember(request, await referralCodeOf(request, first), `${tag}-b`);
    await completeOnboarding(request, second);
    const copier = await createVerifiedMember(request, await referralCodeOf(request, second), `${tag}-c`);
    await completeOnboarding(request, copier);
    members.push(first, second);

    const run = await request.post('/api/rewards/admin/cycles', {
      headers: { authorization: `Bearer ${await signInThroughApi(request, e2eAdmin)}` },
      data: {
        cycle,
        entries: [
          { bingXUID: await uidOf(request, first), masterAmount: 0 },
          { bingXUID: await uidOf(request, second), masterAmount: 1000 },
          { bingXUID: await uidOf(request, copier), masterAmount: 1000 },
        ],
      },
    });
    expect(run.ok(), await run.text()).toBe(true);
    expect((await run.json()).data.outcome, `cycle ${cycle} must be this spec's own`).toBe('DISTRIBUTED');
    await requestWithdrawalThroughApi(request, first, { amount: '20.00', wallet: wallets[0] });
    await requestWithdrawalThroughApi(request, second, { amount: '20.00', wallet: wallets[1] });
  });

  test('the administrator batches every pending withdrawal the search matches', async ({ page }) => {
    await signInAs(page, e2eAdmin);
    await page.goto('/admin/withdrawals');
    await page.getByLabel('Search withdrawals').fill(tag);
    const rows = page.getByRole('table', { name: 'Withdrawals' }).locator('tbody tr');
    await expect(rows).toHaveCount(2);
    await page.getByRole('button', { name: 'Select all 2 pending matching the filter' }).click();
    await expect(page.getByText('All 2 withdrawals matching selected', { exact: true })).toBeVisible();
    await expectNoViolations(page);
    await shoot(page, 'admin-payout-selection');

    await page.getByRole('button', { name: 'Create batch', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Create a payout batch' });
    await expect(
      dialog.getByText(
        `Every pending withdrawal matching “${tag}” that is in no open batch; those of members under risk review stay out.`,
      ),
    ).toBeVisible();
    await dialog.getByRole('button', { name: 'Create batch of 2 withdrawals' }).click();

    await expect(page).toHaveURL(/\/admin\/withdrawals\/batches\/[^/?]+$/);
    batchPath = new URL(page.url()).pathname;
    await expect(page.getByRole('heading', { name: 'Batch of 2 withdrawals' })).toBeVisible();
    await expect(page.getByText('OPEN', { exact: true })).toBeVisible();
    await expect(page.getByText('0 / 2 paid', { exact: true })).toBeVisible();
    await expect(page.getByText('40.00 USDT', { exact: true })).toBeVisible();
    const lines = page.getByRole('table', { name: 'Batch lines' }).locator('tbody tr');
    await expect(lines).toHaveCount(2);
    await expectNoViolations(page);
  });

  test('downloads the Safe CSV and the Transaction Builder JSON of the batch, which starts its payment', async ({
    page,
  }) => {
    await signInAs(page, e2eAdmin);
    await page.goto(batchPath);
    for (const files of ['CSV Airdrop files', 'Transaction Builder files']) {
      const region = page.getByRole('region', { name: files });
      await expect(region.getByText('Part 1 of 1', { exact: true })).toBeVisible();
      await expect(region.getByText(/2 transfers · 40\.00 USDT/)).toBeVisible();
    }

    const [csvDownload] = await Promise.all([
      page.waitForEvent('download'),
      downloadAfterConfirming(page, 'Download Safe CSV part 1'),
    ]);
    expect(csvDownload.suggestedFilename()).toMatch(/-part-1-of-1-safe\.csv$/);
    const csvText = await readFile(await csvDownload.path(), 'utf8');
    // Safe's CSV Airdrop app reads a trailing line break as a row of too few fields.
    expect(csvText.endsWith('\n')).toBe(false);
    const [header, ...csvLines] = csvText.split(/\r?\n/);
    expect(header).toBe('token_type,token_address,receiver,amount,id');
    expect(csvLines).toHaveLength(2);
    const cells = csvLines.map((line) => line.split(','));
    for (const [tokenType, tokenAddress, , amount, id] of cells) {
      expect(tokenType).toBe('erc20');
      expect(tokenAddress).toMatch(/^0x[0-9a-fA-F]{40}$/);
      expect(Number(amount)).toBe(20);
      expect(id).toBe('');
    }
    expect(cells.map((line) => line[2]).sort()).toEqual([...wallets].sort());
    const token = (cells[0]?.[1] ?? '').toLowerCase();

    const [jsonDownload] = await Promise.all([
      page.waitForEvent('download'),
      downloadAfterConfirming(page, 'Download Safe JSON part 1'),
    ]);
    expect(jsonDownload.suggestedFilename()).toMatch(/-part-1-of-1-safe\.json$/);
    const builder = JSON.parse(await readFile(await jsonDownload.path(), 'utf8')) as {
      version: string;
      chainId: string;
      meta: { checksum?: string };
      transactions: { to: string }[];
    };
    expect(builder.version).toBeTruthy();
    expect(String(builder.chainId)).toMatch(/^\d+$/);
    // The Transaction Builder's own checksum (the server test checks it as the builder computes it).
    expect(builder.meta.checksum).toMatch(/^0x[0-9a-f]{64}$/);
    expect(builder.transactions).toHaveLength(2);
    const receivers = builder.transactions.map((transaction, index) => {
      // A transfer call on the token contract: its receiver and amount, ABI-encoded or spelled out.
      expect(transaction.to.toLowerCase()).toBe(token);
      const call = JSON.stringify(transaction).toLowerCase();
      expect(
        call.includes(twentyInBaseUnits.toString()) || call.includes(twentyInBaseUnits.toString(16).padStart(64, '0')),
        `transaction ${index + 1} carries 20 USDT in base units`,
      ).toBe(true);
      return wallets.find((wallet) => call.includes(wallet.slice(2).toLowerCase()));
    });
    expect(receivers.sort()).toEqual([...wallets].sort());

    // Money may move now: the batch is under way, its withdrawals claimed, the demo payment gone.
    await expect(page.getByText('PAYMENT UNDER WAY', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pay batch from the demo treasury' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Delete batch' })).toHaveCount(0);
    await expectNoViolations(page);
    await shoot(page, 'admin-payout-batch-under-way');
  });

  test('releases the exported batch with a reason once its Safe transaction was rejected', async ({ page }) => {
    await signInAs(page, e2eAdmin);
    await page.goto(batchPath);
    await page.getByRole('button', { name: 'Release batch' }).click();
    const dialog = page.getByRole('dialog', { name: 'Release this batch?' });
    await expect(
      dialog.getByText(
        'Only if the Safe transaction was rejected or replaced. A payment that lands later is listed as unmatched and cannot be undone.',
        { exact: true },
      ),
    ).toBeVisible();
    await expectNoViolations(page);
    await shoot(page, 'admin-payout-batch-release');
    await dialog.getByRole('button', { name: /^Release [\d,.]+ USDT$/ }).click();
    await expect(dialog.getByText('A reason is required', { exact: true })).toBeVisible();
    await dialog.getByLabel('Reason').fill('The signers rejected the Safe transaction');
    await dialog.getByRole('button', { name: /^Release [\d,.]+ USDT$/ }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('OPEN', { exact: true })).toBeVisible();
    // Released: the batch is open again, its files offered anew.
    await expectNoViolations(page);
    await shoot(page, 'admin-payout-batch-released');
  });

  test('pays the batch from the demo treasury and watches it turn PAID', async ({ page }) => {
    test.setTimeout(150_000);
    await signInAs(page, e2eAdmin);
    await page.goto(batchPath);
    await page.getByRole('button', { name: 'Pay batch from the demo treasury' }).click();
    const pay = page.getByRole('dialog', { name: 'Pay this batch from the demo treasury?' });
    await expect(pay).toContainText('its 2 withdrawals now, in 1 transaction');
    await pay.getByRole('button', { name: 'Pay 40.00 USDT' }).click();
    await expect(page.getByText('Payment sent — waiting for confirmations', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pay batch from the demo treasury' })).toHaveCount(0);

    // Reconciliation approves both withdrawals once the payment has its confirmations; the screen asks by itself.
    await expect(page.getByText('PAID', { exact: true })).toBeVisible({ timeout: 120_000 });
    await expect(page.getByText('2 / 2 paid', { exact: true })).toBeVisible();
    const lines = page.getByRole('table', { name: 'Batch lines' }).locator('tbody tr');
    await expect(lines).toHaveCount(2);
    for (const line of await lines.all()) {
      await expect(line.getByText('APPROVED', { exact: true })).toBeVisible();
    }
    // One multi-send transaction paid them both, each line linking to it.
    const payments = lines.locator('a[href*="/tx/"]');
    await expect(payments).toHaveCount(2);
    const hashes = await payments.evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(new Set(hashes).size).toBe(1);
    expect(hashes[0]).toMatch(/\/tx\/0x[0-9a-f]{64}$/);
    await expect(page.getByRole('button', { name: 'Delete batch' })).toHaveCount(0);
    await expectNoViolations(page);
    await shoot(page, 'admin-payout-batch');

    await page.getByRole('link', { name: 'Back to all batches' }).click();
    await expect(page.getByRole('tab', { name: 'Batches' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('heading', { name: 'Unmatched transfers' })).toBeVisible();
    await expectNoViolations(page);
    await shoot(page, 'admin-payout-batches');
  });

  test('the member sees the withdrawal approved with its transaction link', async ({ page }) => {
    await signInAs(page, members[0] as NewMember);
    await expectNewestWithdrawalApproved(page);
  });
});
