import { screen, within } from '@testing-library/react';
import { payoutBatchesSchema } from '@uplink/contract/payout-batches';
import { describe, expect, it } from 'vitest';
import { onApi } from '../../../testing/api-server';
import { renderScreen } from '../../../testing/render-screen';
import { aPayoutBatch } from '../../../testing/sample-data';
import { PayoutBatchesTable } from './payout-batches-table';

const second = { _id: 'admin-2', name: 'Second Admin', email: 'second@uplink.test' };

describe('the payout batches list', () => {
  it('shows each batch with its creator, count, total, status, progress and approval, and opens it', async () => {
    onApi('get', '/withdrawals/admin/batches', { response: payoutBatchesSchema }, () => ({
      batches: [
        aPayoutBatch({ _id: 'batch-2', count: 1200, paid: 300, total: 24_000.5, status: 'PARTLY_PAID' }),
        aPayoutBatch({
          approval: { required: true, approvedBy: second, approvedAt: '2026-03-02T11:00:00.000Z' },
        }),
      ],
      pagination: {
        currentPage: 1,
        totalPages: 1,
        totalRecords: 2,
        limit: 20,
        hasNextPage: false,
        hasPrevPage: false,
        resultsCount: 2,
      },
    }));
    const { user, location } = renderScreen(<PayoutBatchesTable />);
    const rows = within(await screen.findByRole('table', { name: 'Payout batches' })).getAllByRole('row');
    const [partly, approved] = rows.slice(1) as [HTMLElement, HTMLElement];

    expect(within(partly).getByText('by Root Admin')).toBeTruthy();
    expect(within(partly).getByText('1,200 withdrawals')).toBeTruthy();
    expect(within(partly).getByText('24,000.50 USDT')).toBeTruthy();
    expect(within(partly).getByText('PARTLY PAID')).toBeTruthy();
    expect(within(partly).getByText('300 / 1,200 paid')).toBeTruthy();
    expect(within(partly).getByText('Not required')).toBeTruthy();
    expect(within(approved).getByText('OPEN')).toBeTruthy();
    expect(within(approved).getByText('Second Admin')).toBeTruthy();

    await user.click(partly);
    expect(location().pathname).toBe('/admin/withdrawals/batches/batch-2');
  });
});
