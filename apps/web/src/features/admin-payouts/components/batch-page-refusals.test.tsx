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
import {
  aBatchLine,
  aBatchUnderWay,
  anAdministrator,
  aPayoutBatch,
  aPayoutBatchDetail,
  aSafeProposal,
  aTreasurySafe,
} from '../../../testing/sample-data';
import { PayoutBatchView } from './payout-batch-view';

/** The batch page offers no action the server would refuse in the batch's state, and says why in its place. */
const proposal = (state: SafeProposal['state'], nonce: string) =>
  aSafeProposal({ state, nonce, safeTxHash: `0x${'cd'.repeat(32)}`, confirmations: null, threshold: null });
const underWayWith = (change: Partial<PayoutBatchDetail>) =>
  aPayoutBatchDetail(aBatchUnderWay(), [aBatchLine()], false, { safe: aTreasurySafe, ...change });

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
