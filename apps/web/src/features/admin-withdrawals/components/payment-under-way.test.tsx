import { screen, waitFor, within } from '@testing-library/react';
import { paymentReleaseSchema } from '@uplink/contract/withdrawals';
import { describe, expect, it } from 'vitest';
import { onApi, refusal } from '../../../testing/api-server';
import { aPendingWithdrawalReview } from '../../../testing/sample-data';
import { renderReview } from './review-screen.test-support';

const hash = `0x${'cd'.repeat(32)}`;

describe('a payment under way on the withdrawal review', () => {
  it('shows a payment under way, refuses its release while on chain, then releases it', async () => {
    const { user, review } = renderReview(
      aPendingWithdrawalReview({
        paymentUnderWay: {
          claimedAt: '2026-03-02T10:00:00.000Z',
          claimedBy: 'root@uplink.test',
          transactionHash: null,
          batchId: null,
        },
      }),
    );
    const releases: string[] = [];
    onApi('post', '/withdrawals/admin/:id/release-payment', { response: paymentReleaseSchema }, ({ params }) => {
      releases.push(String(params.id));
      if (releases.length === 1) {
        review.current = {
          ...review.current,
          paymentUnderWay: review.current.paymentUnderWay && {
            ...review.current.paymentUnderWay,
            transactionHash: hash,
          },
        };
        return refusal(
          409,
          'WITHDRAWAL_PAYMENT_IN_PROGRESS',
          `The payment ${hash} is on the chain: approve the withdrawal with it.`,
        );
      }
      review.current = { ...review.current, paymentUnderWay: null };
      return { released: true };
    });
    expect(await screen.findByRole('heading', { name: 'Payment under way' })).toBeTruthy();
    expect(screen.getByText('root@uplink.test')).toBeTruthy();
    expect(screen.getByText('Not recorded yet')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Release payment claim' }));
    const release = async () => {
      const dialog = await screen.findByRole('dialog', { name: 'Release the payment claim?' });
      expect(dialog.textContent).toContain('0x5aAeb605...1BeAed');
      await user.click(within(dialog).getByRole('button', { name: 'Release the claim on 20.00 USDT' }));
      return dialog;
    };
    const refused = await release();
    expect((await within(refused).findByRole('alert')).textContent).toContain('is on the chain');
    expect(await screen.findByRole('link', { name: hash })).toBeTruthy();

    await user.click(within(refused).getByRole('button', { name: 'Release the claim on 20.00 USDT' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Payment under way' })).toBeNull());
    expect(releases).toEqual(['withdrawal-1', 'withdrawal-1']);
  });

  it('sends to the batch a withdrawal its payout batch claimed: released only with the batch', async () => {
    renderReview(
      aPendingWithdrawalReview({
        paymentUnderWay: {
          claimedAt: '2026-03-02T10:00:00.000Z',
          claimedBy: 'root@uplink.test',
          transactionHash: null,
          batchId: 'batch-7',
        },
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Payment under way' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'open the batch' }).getAttribute('href')).toBe(
      '/admin/withdrawals/batches/batch-7',
    );
    expect(screen.queryByRole('button', { name: 'Release payment claim' })).toBeNull();
  });

  it('lists payments flagged after the withdrawal was closed', async () => {
    renderReview(
      aPendingWithdrawalReview({
        flaggedPayments: [
          {
            transactionHash: hash,
            withdrawalStatus: 'REJECTED',
            recordedAt: '2026-03-02T10:00:00.000Z',
            recordedBy: 'root@uplink.test',
          },
        ],
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Flagged payments' })).toBeTruthy();
    expect(screen.getByRole('link', { name: hash })).toBeTruthy();
  });
});
