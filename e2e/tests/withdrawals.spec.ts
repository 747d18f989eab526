import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { e2eAdmin } from '../playwright.config';
import { expectNoSeriousViolations } from '../support/accessibility';
import { latestMail, memberWithPayingCopier, type NewMember } from '../support/accounts';
import { lastFinishedCycle } from '../support/reward-cycles';
import { shoot } from '../support/screenshots';
import { signInAs } from '../support/session';
import { expectNewestWithdrawalApproved } from '../support/withdrawal-history';

/** A cycle of its own (the rewards tests run the two newest). */
const cycle = lastFinishedCycle - 2;
const wallet = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

/**
 * A member earns 50 USDT in a cycle the administrator runs, withdraws 20 with the e-mailed code;
 * the administrator finds it, pays it from the demo treasury and approves it.
 */
test.describe('withdrawals', () => {
  test.describe.configure({ mode: 'serial' });
  let member: NewMember;

  test.beforeAll(async ({ request }) => {
    test.setTimeout(240_000);
    ({ member } = await memberWithPayingCopier(request, { label: 'withdrawer', cycle, copierMasterAmount: 1000 }));
  });

  test('the member requests a withdrawal with the e-mailed code and sees it pending', async ({ page, request }) => {
    await signInAs(page, member);
    await page.goto('/rewards');
    const balance = page.getByTestId('available-balance');
    await expect(balance).not.toHaveText('—');
    const before = Number((await balance.textContent())?.replace(/[^\d.]/g, ''));
    expect(before).toBeGreaterThanOrEqual(50);

    await page.getByRole('button', { name: 'Request Withdrawal' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request Withdrawal' });
    // The form's code loads on this click: the dialog opens ready to fill in.
    await expect(dialog.getByLabel('Amount (USDT)')).toBeVisible();
    await shoot(page, 'withdrawal-form', { fullPage: false });
    await dialog.getByLabel('Wallet address (BEP20)').fill('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD');
    await expect(dialog.getByText('Invalid wallet address format')).toBeVisible();
    await dialog.getByLabel('Wallet address (BEP20)').fill(wallet);
    await expect(dialog.getByText('Valid wallet address')).toBeVisible();
    await dialog.getByLabel('Amount (USDT)').fill(String(before + 1));
    await dialog.getByRole('button', { name: 'Continue' }).click();
    const overBalance = `The amount is more than your available balance (${before.toFixed(2)} USDT)`;
    await expect(dialog.getByText(overBalance)).toBeVisible();
    await dialog.getByLabel('Amount (USDT)').fill('5.123');
    // The change of amount ends what was said about it.
    await expect(dialog.getByText(overBalance)).toBeHidden();
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog.getByText('Use at most 2 decimals')).toBeVisible();
    await dialog.getByLabel('Amount (USDT)').fill('20');
    await expect(dialog.getByText('Use at most 2 decimals')).toBeHidden();
    await expectNoSeriousViolations(page);
    await dialog.getByRole('button', { name: 'Continue' }).click();

    const codeStep = page.getByRole('dialog', { name: 'Enter your code' });
    await expect(codeStep.getByLabel('One-time code')).toBeVisible();
    await codeStep.getByRole('button', { name: 'Confirm withdrawal' }).click();
    await expect(codeStep.getByText('Please enter the OTP code.')).toBeVisible();
    const mail = await latestMail(request, member.email, /withdrawal code/);
    const code = mail.text.match(/is (\d{6})/)?.[1] as string;
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    await codeStep.getByLabel('One-time code').fill(wrong);
    await codeStep.getByRole('button', { name: 'Confirm withdrawal' }).click();
    await expect(codeStep.getByText(/Invalid OTP code\. 4 tries left\./)).toBeVisible();
    await codeStep.getByLabel('One-time code').fill(code);
    await expectNoSeriousViolations(page);
    await codeStep.getByRole('button', { name: 'Confirm withdrawal' }).click();
    const confirmation = page.getByRole('dialog', { name: 'Withdrawal requested' });
    await expect(confirmation.getByText('20.00 USDT requested')).toBeVisible();
    await expectNoSeriousViolations(page);
    await confirmation.getByRole('button', { name: 'Done' }).click();
    await expect(confirmation).toBeHidden();

    await expect(balance).toHaveText(`${(before - 20).toFixed(2)} USDT`);
    // The history opened on its own, the new withdrawal first.
    await expect(page.getByRole('tab', { name: 'Withdrawal History' })).toHaveAttribute('aria-selected', 'true');
    const row = page.getByRole('table', { name: 'Withdrawal history' }).locator('tbody tr').first();
    await expect(row).toContainText('20.00 USDT');
    await expect(row).toContainText('Pending');
    await expect(row.getByRole('link', { name: '0x5aAe...eAed' })).toHaveAttribute(
      'href',
      /testnet\.bscscan\.com\/address\//,
    );
  });

  test('the administrator finds it, pays it from the demo treasury and approves it', async ({ page }) => {
    await signInAs(page, e2eAdmin);
    await page.goto('/admin/withdrawals');
    await page.getByLabel('Search withdrawals').fill(member.email);
    const rows = page.getByRole('table', { name: 'Withdrawals' }).locator('tbody tr');
    await expect(rows).toHaveCount(1);
    await expectNoSeriousViolations(page);
    await rows
      .first()
      .getByRole('link', { name: /Review/ })
      .click();

    await expect(page.getByRole('heading', { name: 'Withdrawal Review' })).toBeVisible();
    await expect(page.getByText(member.email)).toBeVisible();
    await page.getByRole('button', { name: 'Pay from the demo treasury' }).click();
    const pay = page.getByRole('dialog', { name: 'Pay this withdrawal from the demo treasury?' });
    await expect(pay).toContainText('20.00 USDT');
    await expect(pay).toContainText('0x5aAeb605...1BeAed');
    await expectNoSeriousViolations(page);
    await pay.getByRole('button', { name: 'Pay 20.00 USDT' }).click();
    await expect(pay).toBeHidden();
    await expect(page.getByLabel('Transaction hash')).toHaveValue(/^0x[0-9a-f]{64}$/);
    // Sent: the pay action is gone while the payment gathers its confirmations.
    await expect(page.getByText('Payment sent — waiting for confirmations')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pay from the demo treasury' })).toHaveCount(0);
    await expectNoSeriousViolations(page);
    await shoot(page, 'admin-withdrawal-review');
    // The demo chain mines a block a second; the payment needs its confirmations. Whichever comes
    // first approves it: this approval, or the treasury reconciliation reading the payment (the
    // review watches it and says so; a late click is told who decided first).
    // The badge itself: "until the payment is approved or released" also says approved.
    const approved = page.getByText('APPROVED', { exact: true });
    await expect(async () => {
      const approve = page.getByRole('button', { name: 'Approve (paid)' });
      if (!(await approved.isVisible()) && (await approve.isVisible())) {
        await approve.click({ timeout: 2_000 });
        await page
          .getByRole('dialog', { name: 'Approve this withdrawal?' })
          .getByRole('button', { name: 'Approve 20.00 USDT' })
          .click({ timeout: 2_000 });
      }
      await expect(approved).toBeVisible({ timeout: 2_000 });
    }).toPass({ intervals: [1_000, 2_000], timeout: 30_000 });
  });

  test('the administrator exports the filtered list as CSV', async ({ page }) => {
    await signInAs(page, e2eAdmin);
    await page.goto('/admin/withdrawals');
    await page.getByLabel('Search withdrawals').fill(member.email);
    await expect(page.getByRole('table', { name: 'Withdrawals' }).locator('tbody tr')).toHaveCount(1);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^uplink-withdrawals-\d{4}-\d{2}-\d{2}T\d{6}Z\.csv$/);
    const lines = (await readFile(await download.path(), 'utf8')).trimEnd().split('\r\n');
    expect(lines[0]).toMatch(/^requestedAt,withdrawalId,memberUserId,memberName,memberEmail,amount,/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(member.email);
    expect(lines[1]).toContain(',APPROVED,');
  });

  test('the member sees the transaction link and the new balance', async ({ page }) => {
    await signInAs(page, member);
    await expectNewestWithdrawalApproved(page);
    await shoot(page, 'rewards-withdrawals');
  });
});
