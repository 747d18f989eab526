import { expect, type Page } from '@playwright/test';

/** Opens the signed-in member's withdrawal history and checks its newest row: approved, linking to its transaction. */
export async function expectNewestWithdrawalApproved(page: Page): Promise<void> {
  await page.goto('/rewards?tab=withdrawals');
  const row = page.getByRole('table', { name: 'Withdrawal history' }).locator('tbody tr').first();
  await expect(row).toContainText('Approved');
  await expect(row.getByRole('link', { name: /^0x[0-9a-f]{8}\.\.\.[0-9a-f]{4}$/ })).toHaveAttribute(
    'href',
    /testnet\.bscscan\.com\/tx\/0x/,
  );
}
