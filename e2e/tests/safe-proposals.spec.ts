import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { e2eAdmin, e2eDataDir } from '../playwright.config';
import { expectNoViolations } from '../support/accessibility';
import { memberWithPayingCopier, requestWithdrawalThroughApi, signInThroughApi } from '../support/accounts';
import { lastFinishedCycle } from '../support/reward-cycles';
import { shoot } from '../support/screenshots';
import { signInAs } from '../support/session';

/** A cycle of its own (see payout-batches.spec.ts for the others'). */
const cycle = lastFinishedCycle - 29;
/** Every member of this spec carries it in their e-mail address: the batch's filter finds them alone. */
const tag = `safe-${Date.now().toString(36)}`;
/** A wallet of its own, no other spec's: one address holds one member's payouts (WALLET_ADDRESS_OF_ANOTHER_MEMBER). */
const wallet = '0x5afe5afe5afe5afe5afe5afe5afe5afe5afe5afe';
const repositoryRoot = path.resolve(import.meta.dirname, '../..');

/**
 * Issue 41 on the batch page: a member's 20 USDT withdrawal in a batch; the administrator proposes
 * its part to the demo treasury Safe (a real 2-of-3 Safe on the demo chain, its local Transaction
 * Service), sees it queued with its owners' confirmations and the link into Safe{Wallet}; the
 * demo owners confirm and execute it (`npm run demo:safe-confirm`), and reconciliation shows it
 * EXECUTED and the batch PAID.
 */
test.describe('a payout batch proposed to the treasury Safe', () => {
  test.describe.configure({ mode: 'serial' });
  test.use({ viewport: { width: 1440, height: 900 } });
  let batchPath = '';
  let safeTxHash = '';

  test.beforeAll(async ({ request }) => {
    test.setTimeout(240_000);
    const { member } = await memberWithPayingCopier(request, { label: tag, cycle, copierMasterAmount: 1000 });
    await requestWithdrawalThroughApi(request, member, { amount: '20.00', wallet });
    const created = await request.post('/api/withdrawals/admin/batches', {
      headers: { authorization: `Bearer ${await signInThroughApi(request, e2eAdmin)}` },
      data: { filter: { search: tag, status: 'PENDING' } },
    });
    expect(created.ok(), await created.text()).toBe(true);
    batchPath = `/admin/withdrawals/batches/${(await created.json()).data._id}`;
  });

  test('proposes the part after a confirmation, then shows it queued with its link into Safe{Wallet}', async ({
    page,
  }) => {
    await signInAs(page, e2eAdmin);
    await page.goto(batchPath);
    const safe = page.getByRole('region', { name: 'Safe' });
    const part = safe.getByRole('listitem', { name: 'Safe part 1' });
    await expect(part).toContainText('Part 1 of 1 · 1 transfer · 20.00 USDT');
    await part.getByRole('button', { name: 'Propose part 1 to the Safe' }).click();
    const dialog = page.getByRole('dialog', { name: 'Propose this part to the Safe?' });
    await expect(dialog).toContainText("Proposing starts this batch's payment");
    await expectNoViolations(page);
    await shoot(page, 'admin-payout-batch-safe-propose', { fullPage: false });
    await dialog.getByRole('button', { name: 'Propose part 1' }).click();
    await expect(dialog).toBeHidden();

    await expect(part.getByText('Queued in Safe', { exact: true })).toBeVisible();
    await expect(part).toContainText(/Nonce \d+/);
    await expect(part).toContainText("0 of 2 owners' confirmations");
    const link = part.getByRole('link', { name: 'Open in Safe{Wallet}' });
    const href = (await link.getAttribute('href')) ?? '';
    expect(href).toMatch(/^https:\/\/app\.safe\.global\/transactions\/tx\?safe=bnb:0x[0-9a-fA-F]{40}&id=multisig_/);
    safeTxHash = href.slice(-66);
    expect(safeTxHash).toMatch(/^0x[0-9a-f]{64}$/);
    await expect(part.getByRole('button')).toHaveCount(0);
    await expect(page.getByText('PAYMENT UNDER WAY', { exact: true })).toBeVisible();
    // The server refuses a release while the proposal is queued: the page says to reject it in Safe{Wallet} instead.
    await expect(page.getByRole('button', { name: 'Release batch' })).toHaveCount(0);
    await expect(
      page.getByText(/in the treasury Safe's queue pays this batch: reject it in Safe\{Wallet\} first/),
    ).toBeVisible();
    await expectNoViolations(page);
    await shoot(page, 'admin-payout-batch-safe-queued');
  });

  test('the demo owners confirm and execute it: reconciled, the part is EXECUTED and the batch PAID', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const { stdout } = await promisify(execFile)('npm', ['run', '--silent', 'demo:safe-confirm', '--', safeTxHash], {
      cwd: repositoryRoot,
      env: { ...process.env, DATA_DIR: e2eDataDir },
    });
    expect(stdout).toMatch(/Executed: transaction 0x[0-9a-f]{64}/);

    await signInAs(page, e2eAdmin);
    await page.goto(batchPath);
    const part = page.getByRole('region', { name: 'Safe' }).getByRole('listitem', { name: 'Safe part 1' });
    await expect(part.getByText('Executed', { exact: true })).toBeVisible({ timeout: 120_000 });
    await expect(page.getByText('PAID', { exact: true })).toBeVisible({ timeout: 120_000 });
    // The executing transaction, beside the link into Safe{Wallet}.
    await expect(part.locator('a[href*="/tx/"]')).toHaveCount(1);
    await expect(part.getByRole('button')).toHaveCount(0);
    await expectNoViolations(page);
  });
});
