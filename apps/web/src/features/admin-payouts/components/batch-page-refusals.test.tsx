import { screen, within } from '@testing-library/react';
import {
  filesDownloadedRefusal,
  type PayoutBatchDetail,
  payoutBatchDetailSchema,
  queuedInSafeRefusal,
  type SafeProposal,
} from '@uplink/contract/payout-batches';
import { describe, expect, it } from 'vitest';
import { onApi } from '../../../testing/api-server';
import { renderScreen } from '../../../testing/render-screen';
import { aBatchLine, anAdministrator, aPayoutBatch, aPayoutBatchDetail } from '../../../testing/sample-data';
import { PayoutBatchView } from './payout-batch-view';

/** The batch page offers no action the server would refuse in the batch's state, and says why in its place. */
const safe = { address: '0xF304B4D403855d4888ccfB09A49Ce850c0677d1B', proposing: true };
const underWay = aPayoutBatch({
  status: 'PAYMENT_UNDER_WAY',
  payment: {
    startedAt: aPayoutBatch().createdAt,
    startedBy: { _id: 'admin-1', name: 'Root Admin', email: 'admin@uplink.test' },
    count: 1,
    total: 25,
  },
});
const proposal = (state: SafeProposal['state'], nonce: string): SafeProposal => ({
  part: 1,
  safeAddress: safe.address.toLowerCase(),
  safeTxHash: `0x${'cd'.repeat(32)}`,
  nonce,
  transfers: 1,
  total: 25,
  state,
  proposedAt: '2026-12-06T15:00:00.000Z',
  transactionHash: null,
  confirmations: null,
  threshold: null,
});
const underWayWith = (change: Partial<PayoutBatchDetail>) =>
  aPayoutBatchDetail(underWay, [aBatchLine()], false, { safe, ...change });

function batchScreen(detail: PayoutBatchDetail) {
  onApi('get', '/withdrawals/admin/batches/:id', { response: payoutBatchDetailSchema }, () => detail);
  renderScreen(<PayoutBatchView id="batch-1" />, {
    path: '/admin/withdrawals/batches/:id',
    at: '/admin/withdrawals/batches/batch-1',
    signedInAs: anAdministrator(),
  });
}

describe('the batch page offers only what the server allows', () => {
  it('offers no release while a proposal is queued in the Safe, and says to reject it in Safe{Wallet}', async () => {
    batchScreen(underWayWith({ safeProposals: [proposal('QUEUED', '7')] }));
    expect(await screen.findByText(queuedInSafeRefusal({ safeTxHash: '0xcdcdcdcd...cdcd', nonce: '7' }))).toBeTruthy();
    expect(screen.getByText(/reject it in Safe\{Wallet\} first \(a rejection at nonce 7\)/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Release batch' })).toBeNull();
  });

  it('offers the release again once the proposal was replaced in the Safe', async () => {
    batchScreen(underWayWith({ safeProposals: [proposal('REPLACED', '7')] }));
    expect(await screen.findByRole('button', { name: 'Release batch' })).toBeTruthy();
    expect(screen.queryByText(/in the treasury Safe's queue pays this batch/)).toBeNull();
  });

  it('offers no proposal once the files were downloaded in this payment, and says why', async () => {
    batchScreen(underWayWith({ filesDownloadedInPayment: true }));
    const part = await screen.findByRole('listitem', { name: 'Safe part 1' });
    expect(within(part).queryByRole('button')).toBeNull();
    expect(screen.getByText(filesDownloadedRefusal)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Release batch' })).toBeTruthy();
  });

  it('offers the proposal in the same payment while no file was downloaded', async () => {
    batchScreen(underWayWith({ filesDownloadedInPayment: false }));
    const part = await screen.findByRole('listitem', { name: 'Safe part 1' });
    expect(within(part).getByRole('button', { name: 'Propose part 1 to the Safe' })).toBeTruthy();
    expect(screen.queryByText(filesDownloadedRefusal)).toBeNull();
  });

  it('offers the demo treasury no payment of a batch still awaiting its second approval', async () => {
    const awaiting = aPayoutBatch({
      approval: { required: true, approvedBy: null, approvedAt: null },
      exportable: false,
    });
    batchScreen(aPayoutBatchDetail(awaiting, [aBatchLine()], true));
    expect(await screen.findByRole('button', { name: 'Approve batch' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pay batch from the demo treasury' })).toBeNull();
  });

  it('offers the demo treasury payment of a batch that needs no second approval', async () => {
    batchScreen(aPayoutBatchDetail(aPayoutBatch(), [aBatchLine()], true));
    expect(await screen.findByRole('button', { name: 'Pay batch from the demo treasury' })).toBeTruthy();
  });
});
