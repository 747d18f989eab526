import { screen, within } from '@testing-library/react';
import { type PayoutBatchDetail, payoutBatchDetailSchema, safeProposalSchema } from '@uplink/contract/payout-batches';
import { describe, expect, it } from 'vitest';
import { onApi, refusal } from '../../../testing/api-server';
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
import { safeWalletTransactionUrl } from './safe-proposals';

const safe = aTreasurySafe;
const queued = aSafeProposal();
const { safeTxHash } = queued;
const opened = (change: Partial<PayoutBatchDetail> = {}) =>
  aPayoutBatchDetail(aPayoutBatch(), [aBatchLine()], false, { safe, ...change });
const proposed = () => aPayoutBatchDetail(aBatchUnderWay(), [aBatchLine()], false, { safe, safeProposals: [queued] });

function batchScreen(detail: () => PayoutBatchDetail, role: 'OWNER' | 'ANALYST' = 'OWNER') {
  onApi('get', '/withdrawals/admin/batches/:id', { response: payoutBatchDetailSchema }, detail);
  return renderScreen(<PayoutBatchView id="batch-1" />, {
    path: '/admin/withdrawals/batches/:id',
    at: '/admin/withdrawals/batches/batch-1',
    signedInAs: anAdministrator({}, role),
  });
}
const safePart = () => screen.findByRole('listitem', { name: 'Safe part 1' });

describe('the batch page’s Safe section', () => {
  it('proposes a part after a confirmation that says it starts the payment, then shows its proposal', async () => {
    let detail = opened();
    const { user } = batchScreen(() => detail);
    const asked: string[] = [];
    onApi('post', '/withdrawals/admin/batches/:id/propose', { response: safeProposalSchema }, ({ url }) => {
      asked.push(url.searchParams.get('part') ?? '');
      detail = proposed();
      return { ...queued, confirmations: null, threshold: null };
    });
    await user.click(within(await safePart()).getByRole('button', { name: 'Propose part 1 to the Safe' }));
    const dialog = screen.getByRole('dialog', { name: 'Propose this part to the Safe?' });
    expect(within(dialog).getByText(/Proposing starts this batch's payment: its withdrawals are claimed/)).toBeTruthy();
    expect(asked).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Propose part 1' }));

    expect(await screen.findByText('Queued in Safe')).toBeTruthy();
    expect(asked).toEqual(['1']);
    expect(screen.queryByRole('dialog')).toBeNull();
    const part = await safePart();
    expect(part.textContent).toContain('Nonce 4');
    expect(part.textContent).toContain("1 of 2 owners' confirmations");
    expect(within(part).getByText('0xabababab...abab')).toBeTruthy();
    expect(within(part).getByRole('link', { name: 'Open in Safe{Wallet}' }).getAttribute('href')).toBe(
      safeWalletTransactionUrl(queued),
    );
    // A part already proposed offers no second proposal, and the Safe pays it: no file either.
    expect(within(part).queryByRole('button')).toBeNull();
    const download = screen.getByRole('button', { name: 'Download Safe JSON part 1' });
    expect(download.hasAttribute('disabled')).toBe(true);
    expect(document.getElementById(download.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'This batch is proposed to the treasury Safe: it is paid there, never from a downloaded file as well.',
    );
  });

  it.each([
    [409, 'PAYOUT_BATCH_FILES_EXPORTED', "This batch's files were downloaded in its payment under way."],
    [409, 'WITHDRAWAL_PAYMENT_SEEN', `A payment of this withdrawal was already seen: ${safeTxHash}.`],
    [503, 'SERVICE_UNAVAILABLE', 'The Safe Transaction Service did not answer: connect ECONNREFUSED'],
  ] as const)(
    'keeps the dialog and says the server’s sentence when proposing is refused (%i %s)',
    async (status, code, sentence) => {
      const { user } = batchScreen(() => opened());
      onApi('post', '/withdrawals/admin/batches/:id/propose', { response: safeProposalSchema }, () =>
        refusal(status, code, sentence),
      );
      await user.click(within(await safePart()).getByRole('button', { name: 'Propose part 1 to the Safe' }));
      const dialog = screen.getByRole('dialog', { name: 'Propose this part to the Safe?' });
      await user.click(within(dialog).getByRole('button', { name: 'Propose part 1' }));
      expect(await within(dialog).findByText(sentence)).toBeTruthy();
    },
  );

  it('shows a role that only reads the proposal, and no button', async () => {
    batchScreen(proposed, 'ANALYST');
    expect((await safePart()).textContent).toContain('Queued in Safe');
    expect(screen.queryByRole('button', { name: /to the Safe/ })).toBeNull();
  });

  it('offers no proposal when this server cannot propose, and says to download the files', async () => {
    batchScreen(() => opened({ safe: { ...safe, proposing: false } }));
    expect(await screen.findByText(/This server cannot propose to the Safe/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /to the Safe/ })).toBeNull();
  });

  it('offers no proposal for a part already paid', async () => {
    const detail = opened();
    batchScreen(() => ({ ...detail, parts: detail.parts.map((part) => ({ ...part, paid: part.count })) }));
    expect(within(await safePart()).getByText('Paid')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /to the Safe/ })).toBeNull();
  });

  it('keeps the proposal of a batch awaiting its second approval, saying why', async () => {
    const awaiting = aPayoutBatch({
      approval: { required: true, approvedBy: null, approvedAt: null },
      exportable: false,
    });
    batchScreen(() => ({ ...opened(), batch: awaiting }));
    const button = within(await safePart()).getByRole('button', { name: 'Propose part 1 to the Safe' });
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(document.getElementById(button.getAttribute('aria-describedby') ?? '')?.textContent).toMatch(/approv/i);
  });

  it('shows no Safe section without a Safe and its proposals', async () => {
    batchScreen(() => opened({ safe: null }));
    expect(await screen.findByRole('heading', { name: /Batch of/ })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Safe' })).toBeNull();
  });
});
