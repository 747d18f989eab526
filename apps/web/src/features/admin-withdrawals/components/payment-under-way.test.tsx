import { screen, waitFor } from '@testing-library/react';
import { paymentReleaseSchema, withdrawalReviewSchema } from '@uplink/contract/withdrawals';
import { describe, expect, it } from 'vitest';
import { QueryState } from '../../../components/query-state';
import { onApi, refusal } from '../../../testing/api-server';
import { renderScreen } from '../../../testing/render-screen';
import { anAdministrator, aPendingWithdrawalReview } from '../../../testing/sample-data';
import { useWithdrawalReview } from '../api/get-withdrawal-review';
import { WithdrawalReviewPanels } from './withdrawal-review';

const hash = `0x${'cd'.repeat(32)}`;

/** The review panels as the review page shows them, reloading with the server's answers. */
function Review() {
  const review = useWithdrawalReview('withdrawal-1');
  return (
    <QueryState query={review} failure="Failed to load">
      {(data) => <WithdrawalReviewPanels id="withdrawal-1" review={data} />}
    </QueryState>
  );
}

const renderReview = () =>
  renderScreen(<Review />, {
    path: '/admin/withdrawals/:id',
    at: '/admin/withdrawals/withdrawal-1',
    signedInAs: anAdministrator(),
  });

describe('a payment under way on the withdrawal review', () => {
  it('shows a payment under way, refuses its release while on chain, then releases it', async () => {
    let review = aPendingWithdrawalReview({
      paymentUnderWay: {
        claimedAt: '2026-03-02T10:00:00.000Z',
        claimedBy: 'root@uplink.test',
        transactionHash: null,
        batchId: null,
      },
    });
    onApi('get', '/withdrawals/admin/:id', { response: withdrawalReviewSchema }, () => review);
    const releases: string[] = [];
    onApi('post', '/withdrawals/admin/:id/release-payment', { response: paymentReleaseSchema }, ({ params }) => {
      releases.push(String(params.id));
      if (releases.length === 1) {
        review = {
          ...review,
          paymentUnderWay: review.paymentUnderWay && { ...review.paymentUnderWay, transactionHash: hash },
        };
        return refusal(
          409,
          'WITHDRAWAL_PAYMENT_IN_PROGRESS',
          `The payment ${hash} is on the chain: approve the withdrawal with it.`,
        );
      }
      review = { ...review, paymentUnderWay: null };
      return { released: true };
    });
    const { user } = renderReview();
    expect(await screen.findByRole('heading', { name: 'Payment under way' })).toBeTruthy();
    expect(screen.getByText('root@uplink.test')).toBeTruthy();
    expect(screen.getByText('Not recorded yet')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Release payment claim' }));
    expect((await screen.findByRole('alert')).textContent).toContain('is on the chain');
    expect(await screen.findByRole('link', { name: hash })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Release payment claim' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Payment under way' })).toBeNull());
    expect(releases).toEqual(['withdrawal-1', 'withdrawal-1']);
  });

  it('sends to the batch a withdrawal its payout batch claimed: released only with the batch', async () => {
    const review = aPendingWithdrawalReview({
      paymentUnderWay: {
        claimedAt: '2026-03-02T10:00:00.000Z',
        claimedBy: 'root@uplink.test',
        transactionHash: null,
        batchId: 'batch-7',
      },
    });
    onApi('get', '/withdrawals/admin/:id', { response: withdrawalReviewSchema }, () => review);
    renderReview();
    expect(await screen.findByRole('heading', { name: 'Payment under way' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'open the batch' }).getAttribute('href')).toBe(
      '/admin/withdrawals/batches/batch-7',
    );
    expect(screen.queryByRole('button', { name: 'Release payment claim' })).toBeNull();
  });

  it('lists payments flagged after the withdrawal was closed', async () => {
    const review = aPendingWithdrawalReview({
      flaggedPayments: [
        {
          transactionHash: hash,
          withdrawalStatus: 'REJECTED',
          recordedAt: '2026-03-02T10:00:00.000Z',
          recordedBy: 'root@uplink.test',
        },
      ],
    });
    onApi('get', '/withdrawals/admin/:id', { response: withdrawalReviewSchema }, () => review);
    renderReview();
    expect(await screen.findByRole('heading', { name: 'Flagged payments' })).toBeTruthy();
    expect(screen.getByRole('link', { name: hash })).toBeTruthy();
  });
});
