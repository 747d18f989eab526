import { act, screen, within } from '@testing-library/react';
import {
  demoBatchPaymentSchema,
  type PayoutBatchDetail,
  payoutBatchDetailSchema,
  payoutBatchSchema,
} from '@uplink/contract/payout-batches';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiServer, onApi } from '../../../testing/api-server';
import { renderScreen } from '../../../testing/render-screen';
import { aBatchLine, anAdministrator, aPayoutBatch, aPayoutBatchDetail } from '../../../testing/sample-data';
import { unpaidBatchRefreshMs } from '../api/get-payout-batch';
import { PayoutBatchView } from './payout-batch-view';

const hash = `0x${'cd'.repeat(32)}`;
const second = { _id: 'admin-2', name: 'Second Admin', email: 'second@uplink.test' };
const bob = { _id: 'member-2', userId: 'UP1000043', firstName: 'Bob', lastName: 'Ray', email: 'bob@example.com' };
const lines = [aBatchLine(), aBatchLine({ line: 2, withdrawalId: 'withdrawal-2', user: bob, amount: 30 })];
/** Above the second-approval limit and not approved yet: created by `anAdministrator()`. */
const awaitingApproval = aPayoutBatch({
  approval: { required: true, approvedBy: null, approvedAt: null },
  exportable: false,
});

/** The batch screen of `batch-1`, answered by `detail()` at each call; returns how many times it was asked. */
function batchScreen(detail: () => PayoutBatchDetail, signedInAs = anAdministrator()) {
  const asked = { count: 0 };
  onApi('get', '/withdrawals/admin/batches/:id', { response: payoutBatchDetailSchema }, () => {
    asked.count += 1;
    return detail();
  });
  const rendered = renderScreen(<PayoutBatchView id="batch-1" />, {
    path: '/admin/withdrawals/batches/:id',
    at: '/admin/withdrawals/batches/batch-1',
    signedInAs,
  });
  return { ...rendered, asked };
}

describe('a payout batch', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('keeps its files and the approval from its creator while a second approval is required', async () => {
    batchScreen(() => aPayoutBatchDetail(awaitingApproval, lines));
    const approve = await screen.findByRole('button', { name: 'Approve batch' });
    expect(approve).toHaveProperty('disabled', true);
    expect(approve.getAttribute('aria-describedby')).not.toBeNull();
    expect(document.getElementById(approve.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'The second approval must come from an administrator other than the one who created the batch.',
    );
    for (const name of ['Download Safe CSV', 'Download Safe JSON']) {
      const button = screen.getByRole('button', { name });
      expect(button).toHaveProperty('disabled', true);
      expect(document.getElementById(button.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
        'This batch is above the second-approval limit: another administrator must approve it before it can be exported.',
      );
    }
    expect(screen.getByText('Second approval needed')).toBeTruthy();
  });

  it('is approved by a second administrator, and then its files can be downloaded', async () => {
    let batch = awaitingApproval;
    const { user } = batchScreen(
      () => aPayoutBatchDetail(batch, lines),
      anAdministrator({ _id: 'admin-2', firstName: 'Second' }),
    );
    onApi('post', '/withdrawals/admin/batches/:id/approve', { response: payoutBatchSchema }, ({ params }) => {
      expect(params.id).toBe('batch-1');
      batch = {
        ...batch,
        approval: { required: true, approvedBy: second, approvedAt: batch.createdAt },
        exportable: true,
      };
      return batch;
    });
    await user.click(await screen.findByRole('button', { name: 'Approve batch' }));

    expect(await screen.findByText(/^by Second Admin, /)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve batch' })).toBeNull();
    const saved: string[] = [];
    const formats: (string | null)[] = [];
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:batch');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    apiServer.use(
      http.get('*/api/withdrawals/admin/batches/:id/export', ({ request }) => {
        const format = new URL(request.url).searchParams.get('format');
        formats.push(format);
        return HttpResponse.json(
          { version: '1.0', chainId: '97', meta: {}, transactions: [] },
          { headers: { 'content-disposition': `attachment; filename="uplink-batch-1-${format}.json"` } },
        );
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Download Safe JSON' }));
    await vi.waitFor(() => expect(saved).toEqual(['uplink-batch-1-safe-json.json']));
    expect(formats).toEqual(['safe-json']);
  });

  it('pays from the demo treasury and follows its progress by itself until it is PAID', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let detail = aPayoutBatchDetail(aPayoutBatch(), lines, true);
    const { user, asked } = batchScreen(() => detail);
    onApi('post', '/dev/demo-treasury/batches/:id/pay', { response: demoBatchPaymentSchema }, () => ({
      transactionHash: hash,
      lines: 2,
    }));
    expect(await screen.findByText('0 / 2 paid')).toBeTruthy();
    expect(screen.getByText('OPEN', { exact: true })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Pay batch from the demo treasury' }));
    const pay = await screen.findByRole('dialog', { name: 'Pay this batch from the demo treasury?' });
    expect(pay.textContent).toContain('50.00 USDT');
    expect(pay.textContent).toContain('its 2 withdrawals in one transaction');
    await user.click(within(pay).getByRole('button', { name: 'Pay 50.00 USDT' }));
    expect(await screen.findByText(/pays 2 lines/)).toBeTruthy();
    // Sent: the pay action is gone.
    expect(screen.queryByRole('button', { name: 'Pay batch from the demo treasury' })).toBeNull();

    // Reconciliation approved the first withdrawal, then the second.
    const approved = { status: 'APPROVED' as const, transactionHash: hash };
    detail = aPayoutBatchDetail(
      aPayoutBatch({ status: 'PARTLY_PAID', paid: 1, paidAmount: 20 }),
      [{ ...(lines[0] as (typeof lines)[0]), ...approved, logIndex: 0 }, lines[1] as (typeof lines)[1]],
      true,
    );
    await act(() => vi.advanceTimersByTimeAsync(unpaidBatchRefreshMs));
    expect(await screen.findByText('1 / 2 paid')).toBeTruthy();
    expect(screen.getByText('PARTLY PAID')).toBeTruthy();

    detail = aPayoutBatchDetail(
      aPayoutBatch({ status: 'PAID', paid: 2, paidAmount: 50 }),
      lines.map((line, index) => ({ ...line, ...approved, logIndex: index })),
      true,
    );
    await act(() => vi.advanceTimersByTimeAsync(unpaidBatchRefreshMs));
    expect(await screen.findByText('2 / 2 paid')).toBeTruthy();
    expect(screen.getByText('PAID', { exact: true })).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Paid' }).getAttribute('aria-valuenow')).toBe('2');
    expect(screen.getAllByRole('link', { name: '0xcdcdcdcd...cdcd' }).length).toBeGreaterThanOrEqual(2);
    expect(screen.queryByRole('button', { name: 'Pay batch from the demo treasury' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete batch' })).toBeNull();
    // Its files would be empty: nothing is left to pay.
    for (const name of ['Download Safe CSV', 'Download Safe JSON']) {
      expect(screen.getByRole('button', { name }).hasAttribute('disabled')).toBe(true);
    }
    expect(screen.getByText(/Nothing is left to pay in this batch/)).toBeTruthy();

    // A paid batch asks no more.
    const answered = asked.count;
    await act(() => vi.advanceTimersByTimeAsync(unpaidBatchRefreshMs * 3));
    expect(asked.count).toBe(answered);
  });

  it('is deleted after its confirmation while nothing of it is paid', async () => {
    const { user, router } = batchScreen(() => aPayoutBatchDetail(aPayoutBatch(), lines));
    const deleted: string[] = [];
    onApi('delete', '/withdrawals/admin/batches/:id', {}, ({ params }) => {
      deleted.push(String(params.id));
      return null;
    });
    expect(screen.queryByRole('button', { name: 'Pay batch from the demo treasury' })).toBeNull();
    await user.click(await screen.findByRole('button', { name: 'Delete batch' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this batch?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete batch' }));

    await screen.findByLabelText('Elsewhere');
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/admin/withdrawals?tab=batches');
    expect(deleted).toEqual(['batch-1']);
  });
});
