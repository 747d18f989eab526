import { act, screen, within } from '@testing-library/react';
import {
  demoBatchPaymentSchema,
  type PayoutBatchDetail,
  payoutBatchDetailSchema,
  payoutBatchReleaseSchema,
  payoutBatchSchema,
  releasePayoutBatchSchema,
} from '@uplink/contract/payout-batches';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiServer, onApi, refusal } from '../../../testing/api-server';
import { renderScreen } from '../../../testing/render-screen';
import {
  aBatchLine,
  anAdministrator,
  aPayoutBatch,
  aPayoutBatchDetail,
  aSafeProposal,
  aTreasurySafe,
} from '../../../testing/sample-data';
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
    for (const name of ['Download Safe CSV part 1', 'Download Safe JSON part 1']) {
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
    const formats: (string | null)[][] = [];
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:batch');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    apiServer.use(
      http.get('*/api/withdrawals/admin/batches/:id/export', ({ request }) => {
        const query = new URL(request.url).searchParams;
        const format = query.get('format');
        formats.push([format, query.get('part')]);
        return HttpResponse.json(
          { version: '1.0', chainId: '97', meta: {}, transactions: [] },
          {
            headers: {
              'content-disposition': `attachment; filename="uplink-batch-1-${format}.json"`,
              'x-transfers-left-out': '2',
            },
          },
        );
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Download Safe JSON part 1' }));
    const dialog = screen.getByRole('dialog', { name: 'Download this payment file?' });
    expect(within(dialog).getByText(/Downloading starts this batch's payment/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Download part 1' }));
    await vi.waitFor(() => expect(saved).toEqual(['uplink-batch-1-safe-json.json']));
    expect(formats).toEqual([['safe-json', '1']]);
    expect(
      await screen.findByText('2 transfers were left out of the file: the chain already shows them paid.'),
    ).toBeTruthy();
  });

  it('pays from the demo treasury, hides the payment once sent, and follows its progress by itself until it is PAID', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let detail = aPayoutBatchDetail(aPayoutBatch(), lines, true);
    const { user, asked } = batchScreen(() => detail);
    const sent = [{ part: 1, lines: 2, transactionHash: hash }];
    const underWay = aPayoutBatch({
      status: 'PAYMENT_UNDER_WAY',
      payment: { startedAt: aPayoutBatch().createdAt, startedBy: second, count: 2, total: 50 },
    });
    onApi('post', '/dev/demo-treasury/batches/:id/pay', { response: demoBatchPaymentSchema }, () => {
      detail = aPayoutBatchDetail(underWay, lines, true, { demoPayment: sent });
      return { transactions: sent, lines: 2 };
    });
    expect(await screen.findByText('0 / 2 paid')).toBeTruthy();
    expect(screen.getByText('OPEN', { exact: true })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Pay batch from the demo treasury' }));
    const pay = await screen.findByRole('dialog', { name: 'Pay this batch from the demo treasury?' });
    expect(pay.textContent).toContain('50.00 USDT');
    expect(pay.textContent).toContain('its 2 withdrawals now, in 1 transaction');
    await user.click(within(pay).getByRole('button', { name: 'Pay 50.00 USDT' }));
    expect(await screen.findByText('Payment sent — waiting for confirmations')).toBeTruthy();
    expect(screen.getByText(/pays 2 lines/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pay batch from the demo treasury' })).toBeNull();
    expect(await screen.findByText('PAYMENT UNDER WAY')).toBeTruthy();
    expect(screen.getByText(/^Started .* by Second Admin$/)).toBeTruthy();
    expect(screen.getByText('2 transfers, 50.00 USDT')).toBeTruthy();
    // Its files are not to be paid as well.
    expect(screen.getByRole('button', { name: 'Download Safe CSV part 1' }).hasAttribute('disabled')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Delete batch' })).toBeNull();

    // Reconciliation approved the first withdrawal, then the second.
    const approved = { status: 'APPROVED' as const, transactionHash: hash };
    const firstPaid = [{ ...(lines[0] as (typeof lines)[0]), ...approved, logIndex: 0 }, lines[1] as (typeof lines)[1]];
    detail = aPayoutBatchDetail({ ...underWay, paid: 1, paidAmount: 20 }, firstPaid, true, { demoPayment: sent });
    await act(() => vi.advanceTimersByTimeAsync(unpaidBatchRefreshMs));
    expect(await screen.findByText('1 / 2 paid')).toBeTruthy();
    expect(screen.getByText('Payment sent — waiting for confirmations')).toBeTruthy();

    const allPaid = lines.map((line, index) => ({ ...line, ...approved, logIndex: index }));
    detail = aPayoutBatchDetail({ ...underWay, status: 'PAID', paid: 2, paidAmount: 50 }, allPaid, true, {
      demoPayment: sent,
    });
    await act(() => vi.advanceTimersByTimeAsync(unpaidBatchRefreshMs));
    expect(await screen.findByText('2 / 2 paid')).toBeTruthy();
    expect(screen.getByText('PAID', { exact: true })).toBeTruthy();
    expect(screen.queryByText('Payment sent — waiting for confirmations')).toBeNull();
    expect(screen.getByRole('progressbar', { name: 'Paid' }).getAttribute('aria-valuenow')).toBe('2');
    expect(screen.getAllByRole('link', { name: '0xcdcdcdcd...cdcd' }).length).toBeGreaterThanOrEqual(2);
    expect(screen.queryByRole('button', { name: 'Release batch' })).toBeNull();
    // Every part is paid: nothing left to download.
    for (const files of ['CSV Airdrop files', 'Transaction Builder files']) {
      expect(within(screen.getByRole('region', { name: files })).getByText('Paid', { exact: true })).toBeTruthy();
    }
    expect(screen.getByText(/Nothing is left to pay in this batch/)).toBeTruthy();

    // A paid batch asks no more.
    const answered = asked.count;
    await act(() => vi.advanceTimersByTimeAsync(unpaidBatchRefreshMs * 3));
    expect(asked.count).toBe(answered);
  });

  it("keeps asking while a part waits in the Safe's queue, also once the batch is PAID, and shows it executed", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const paid = aPayoutBatch({ status: 'PAID', paid: 2, paidAmount: 50 });
    let detail = aPayoutBatchDetail(paid, lines, false, { safe: aTreasurySafe, safeProposals: [aSafeProposal()] });
    const { asked } = batchScreen(() => detail);
    expect(await screen.findByText('Queued in Safe', { exact: true })).toBeTruthy();

    detail = aPayoutBatchDetail(paid, lines, false, {
      safe: aTreasurySafe,
      safeProposals: [aSafeProposal({ state: 'EXECUTED', transactionHash: hash })],
    });
    await act(() => vi.advanceTimersByTimeAsync(unpaidBatchRefreshMs));
    expect(await screen.findByText('Executed', { exact: true })).toBeTruthy();

    const answered = asked.count;
    await act(() => vi.advanceTimersByTimeAsync(unpaidBatchRefreshMs * 3));
    expect(asked.count).toBe(answered);
  });

  it('lists the parts of its files, each with its count and total, and downloads one part', async () => {
    const parts = [
      { format: 'safe-csv' as const, part: 1, count: 499, total: 9980, paid: 499 },
      { format: 'safe-csv' as const, part: 2, count: 1, total: 20, paid: 0 },
      { format: 'safe-json' as const, part: 1, count: 300, total: 6000, paid: 300 },
      { format: 'safe-json' as const, part: 2, count: 200, total: 4000, paid: 199 },
    ];
    const batch = aPayoutBatch({
      status: 'PAYMENT_UNDER_WAY',
      count: 500,
      paid: 499,
      total: 10000,
      payment: { startedAt: aPayoutBatch().createdAt, startedBy: second, count: 500, total: 10000 },
    });
    const { user } = batchScreen(() => aPayoutBatchDetail(batch, lines, false, { parts }));
    const csv = await screen.findByRole('region', { name: 'CSV Airdrop files' });
    expect(within(csv).getByText('Part 1 of 2')).toBeTruthy();
    expect(within(csv).getByText(/499 transfers · 9,980\.00 USDT/)).toBeTruthy();
    expect(within(csv).getByText(/1 transfer · 20\.00 USDT/)).toBeTruthy();
    expect(within(csv).getAllByText('Paid', { exact: true })).toHaveLength(1);
    const json = screen.getByRole('region', { name: 'Transaction Builder files' });
    expect(within(json).getByText(/200 transfers · 4,000\.00 USDT/)).toBeTruthy();
    expect(within(json).queryByRole('button', { name: 'Download Safe JSON part 1' })).toBeNull();

    const asked: (string | null)[][] = [];
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:batch');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    apiServer.use(
      http.get('*/api/withdrawals/admin/batches/:id/export', ({ request }) => {
        const query = new URL(request.url).searchParams;
        asked.push([query.get('format'), query.get('part')]);
        return new HttpResponse('token_type,token_address,receiver,amount,id', {
          headers: { 'content-disposition': 'attachment; filename="uplink-batch-1-part-2-of-2-safe.csv"' },
        });
      }),
    );
    await user.click(within(csv).getByRole('button', { name: 'Download Safe CSV part 2' }));
    // It asks first, and says the payment is under way: nothing is asked of the server yet.
    const dialog = screen.getByRole('dialog', { name: 'Download this payment file?' });
    expect(within(dialog).getByText(/Execute it only if the file sent before was not/)).toBeTruthy();
    expect(asked).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Download part 2' }));
    await vi.waitFor(() => expect(asked).toEqual([['safe-csv', '2']]));
  });

  it('releases a payment under way only with a reason, after stating what a release cannot undo', async () => {
    let batch = aPayoutBatch({
      status: 'PAYMENT_UNDER_WAY',
      payment: { startedAt: aPayoutBatch().createdAt, startedBy: second, count: 2, total: 50 },
    });
    const { user } = batchScreen(() => aPayoutBatchDetail(batch, lines));
    const reasons: string[] = [];
    onApi(
      'post',
      '/withdrawals/admin/batches/:id/release',
      { request: releasePayoutBatchSchema, response: payoutBatchReleaseSchema },
      ({ body }) => {
        reasons.push(body.reason);
        batch = aPayoutBatch();
        return { released: true, batch };
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Release batch' }));
    const dialog = screen.getByRole('dialog', { name: 'Release this batch?' });
    expect(
      within(dialog).getByText(
        'Only if the Safe transaction was rejected or replaced. A payment that lands later is listed as unmatched and cannot be undone.',
      ),
    ).toBeTruthy();
    expect(within(dialog).getByText(/Its 2 withdrawals \(50\.00 USDT\) will no longer be claimed/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Release 50.00 USDT' }));
    expect(await within(dialog).findByText('A reason is required')).toBeTruthy();
    expect(reasons).toEqual([]);

    await user.type(within(dialog).getByLabelText('Reason'), 'Signers rejected the Safe transaction');
    await user.click(within(dialog).getByRole('button', { name: 'Release 50.00 USDT' }));
    await vi.waitFor(() => expect(reasons).toEqual(['Signers rejected the Safe transaction']));
    expect(await screen.findByText('OPEN', { exact: true })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Release batch' })).toBeNull();
  });

  it('keeps the dialog and says why when the release is refused', async () => {
    const batch = aPayoutBatch({
      status: 'PAYMENT_UNDER_WAY',
      payment: { startedAt: aPayoutBatch().createdAt, startedBy: second, count: 2, total: 50 },
    });
    const { user } = batchScreen(() => aPayoutBatchDetail(batch, lines));
    onApi('post', '/withdrawals/admin/batches/:id/release', { response: payoutBatchReleaseSchema }, () =>
      refusal(
        409,
        'PAYOUT_BATCH_PAYMENT_UNDER_WAY',
        `A payment of this batch is on the chain (${hash}): it cannot be released.`,
      ),
    );
    await user.click(await screen.findByRole('button', { name: 'Release batch' }));
    const dialog = screen.getByRole('dialog', { name: 'Release this batch?' });
    await user.type(within(dialog).getByLabelText('Reason'), 'Rejected');
    await user.click(within(dialog).getByRole('button', { name: 'Release 50.00 USDT' }));
    expect(await within(dialog).findByText(/A payment of this batch is on the chain/)).toBeTruthy();
  });

  it('is deleted after its confirmation while nothing of it is paid', async () => {
    const { user, location } = batchScreen(() => aPayoutBatchDetail(aPayoutBatch(), lines));
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
    expect(`${location().pathname}${location().search}`).toBe('/admin/withdrawals?tab=batches');
    expect(deleted).toEqual(['batch-1']);
  });
});
