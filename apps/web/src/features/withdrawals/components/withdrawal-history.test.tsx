import { screen } from '@testing-library/react';
import type { Withdrawal } from '@uplink/contract/withdrawals';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../testing/render-screen';
import { answerWithdrawals } from '../../../testing/withdrawal-api';
import { WithdrawalHistory } from './withdrawal-history';

const decided = (change: Partial<Withdrawal>): Withdrawal => ({
  _id: `withdrawal-${change.status}`,
  amount: 20,
  walletAddress: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  asset: 'USDT',
  status: 'APPROVED',
  reason: null,
  requestedAt: '2026-03-02T10:00:00.000Z',
  processedAt: '2026-03-02T12:00:00.000Z',
  transactionHash: null,
  paymentUnderWay: false,
  paymentSeenIn: null,
  underReview: false,
  ...change,
});

describe("the member's withdrawal history", () => {
  it("says an approval's text as a note and a rejection's or block's as its reason", async () => {
    answerWithdrawals().withdrawals.push(
      decided({ status: 'APPROVED', transactionHash: `0x${'ab'.repeat(32)}`, reason: 'Sent in one payment' }),
      decided({ status: 'REJECTED', reason: 'The address is an exchange deposit address' }),
      decided({ status: 'BLOCKED_COMPLIANCE', reason: 'Not copying for 30 days' }),
    );
    renderScreen(<WithdrawalHistory />);
    expect((await screen.findAllByText('Note: Sent in one payment')).length).toBeGreaterThan(0);
    expect(screen.getAllByText('Reason: The address is an exchange deposit address').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Reason: Not copying for 30 days').length).toBeGreaterThan(0);
    expect(screen.queryByText(/Reason: Sent in one payment/)).toBeNull();
  });

  it('keeps a withdrawal whose payment is under way Pending, and says the payment is under way', async () => {
    answerWithdrawals().withdrawals.push(
      decided({ _id: 'claimed', status: 'PENDING', processedAt: null, paymentUnderWay: true }),
      decided({ _id: 'waiting', status: 'PENDING', processedAt: null }),
    );
    renderScreen(<WithdrawalHistory />);
    expect((await screen.findAllByText('Pending')).length).toBeGreaterThanOrEqual(2);
    expect(screen.getAllByText('Payment under way').length).toBeGreaterThan(0);
    const rows = screen.getAllByRole('row').filter((row) => row.textContent?.includes('Pending'));
    expect(rows.filter((row) => row.textContent?.includes('Payment under way'))).toHaveLength(1);
  });

  it('says a payment is sent from the moment the chain shows it, with its transaction', async () => {
    const seenIn = `0x${'cd'.repeat(32)}`;
    answerWithdrawals().withdrawals.push(
      decided({ _id: 'seen', status: 'PENDING', processedAt: null, paymentUnderWay: true, paymentSeenIn: seenIn }),
    );
    renderScreen(<WithdrawalHistory />);
    const row = (await screen.findByText('Payment sent — waiting for confirmations')).closest('tr') as HTMLElement;
    expect(row.textContent).toContain('Pending');
    expect(row.textContent).not.toContain('Payment under way');
    expect(row.querySelector(`a[href*="${seenIn}"]`)).not.toBeNull();
  });

  it('says a held withdrawal is pending under review, and nothing about why', async () => {
    answerWithdrawals().withdrawals.push(
      decided({ _id: 'held', status: 'PENDING', processedAt: null, underReview: true }),
    );
    renderScreen(<WithdrawalHistory />);
    const row = (await screen.findByText('Pending — under review')).closest('tr') as HTMLElement;
    expect(row.textContent).not.toMatch(/risk|rule|alias|wallet/i);
  });
});
