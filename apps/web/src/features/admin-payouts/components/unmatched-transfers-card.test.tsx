import { screen, within } from '@testing-library/react';
import { type UnmatchedTransfer, unmatchedTransfersSchema } from '@uplink/contract/payout-batches';
import { describe, expect, it } from 'vitest';
import { onApi } from '../../../testing/api-server';
import { renderScreen } from '../../../testing/render-screen';
import { UnmatchedTransfersCard } from './unmatched-transfers-card';

const page = { currentPage: 1, totalPages: 1, limit: 20, hasNextPage: false, hasPrevPage: false };

function transfer(change: Partial<UnmatchedTransfer>): UnmatchedTransfer {
  return {
    transactionHash: `0x${'ef'.repeat(32)}`,
    logIndex: 0,
    blockNumber: 1_234_567,
    from: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    to: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    amount: '12.345678901234567891',
    reason: 'NO_PENDING_WITHDRAWAL',
    withdrawalId: null,
    seenAt: '2026-03-02T10:00:00.000Z',
    ...change,
  };
}

function answerTransfers(transfers: UnmatchedTransfer[]) {
  onApi('get', '/withdrawals/admin/unmatched-transfers', { response: unmatchedTransfersSchema }, () => ({
    transfers,
    pagination: { ...page, totalRecords: transfers.length, resultsCount: transfers.length },
  }));
}

describe('the unmatched transfers', () => {
  it('lists each with its link, block, exact amount, reason and the withdrawal it pays where known', async () => {
    answerTransfers([
      transfer({}),
      transfer({ logIndex: 1, amount: '20', reason: 'WITHDRAWAL_CLOSED', withdrawalId: 'withdrawal-9' }),
    ]);
    renderScreen(<UnmatchedTransfersCard />);
    const rows = within(await screen.findByRole('table', { name: 'Unmatched transfers' })).getAllByRole('row');
    const [stray, closed] = rows.slice(1) as [HTMLElement, HTMLElement];

    expect(within(stray).getByRole('link', { name: '0xefefefef...efef' }).getAttribute('href')).toMatch(
      /\/tx\/0x(ef){32}$/,
    );
    expect(within(stray).getByRole('link', { name: '0x5aAe...eAed' }).getAttribute('href')).toMatch(
      /\/address\/0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed$/,
    );
    expect(within(stray).getByText('1,234,567')).toBeTruthy();
    expect(within(stray).getByText('12.345678901234567891 USDT')).toBeTruthy();
    expect(within(stray).getByText('No pending withdrawal to this address for this amount')).toBeTruthy();
    expect(within(stray).queryByRole('link', { name: 'Review' })).toBeNull();

    expect(within(closed).getByText('20.00 USDT')).toBeTruthy();
    expect(within(closed).getByText('Paid after the withdrawal was rejected or blocked')).toBeTruthy();
    expect(within(closed).getByRole('link', { name: 'Review' }).getAttribute('href')).toBe(
      '/admin/withdrawals/withdrawal-9',
    );
  });

  it('says so when every transfer matched', async () => {
    answerTransfers([]);
    renderScreen(<UnmatchedTransfersCard />);
    expect(await screen.findByText('No unmatched transfers')).toBeTruthy();
  });
});
