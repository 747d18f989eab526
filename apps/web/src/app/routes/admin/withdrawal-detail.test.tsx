import { screen, within } from '@testing-library/react';
import {
  demoTreasuryPaymentSchema,
  type WithdrawalDecisionRequest,
  withdrawalDecisionSchema,
  withdrawalReviewSchema,
  withdrawalSchema,
} from '@uplink/contract/withdrawals';
import { describe, expect, it } from 'vitest';
import { onApi } from '../../../testing/api-server';
import { renderScreen } from '../../../testing/render-screen';
import { anAdministrator, aPendingWithdrawalReview } from '../../../testing/sample-data';
import AdminWithdrawalDetailPage from './withdrawal-detail';

const hash = `0x${'ab'.repeat(32)}`;

/** The review screen of a pending withdrawal; the decisions the server received, in order. */
function reviewPendingWithdrawal(demoTreasury = false) {
  const review = { current: aPendingWithdrawalReview({ demoTreasury }) };
  const decisions: WithdrawalDecisionRequest[] = [];
  onApi('get', '/withdrawals/admin/:id', { response: withdrawalReviewSchema }, () => review.current);
  onApi('put', '/withdrawals/:id', { request: withdrawalDecisionSchema, response: withdrawalSchema }, ({ body }) => {
    decisions.push(body);
    const { user: _member, ...decided } = { ...review.current.withdrawal, status: body.status, transactionHash: hash };
    review.current = { ...review.current, withdrawal: { ...review.current.withdrawal, ...decided } };
    return decided;
  });
  const rendered = renderScreen(<AdminWithdrawalDetailPage />, {
    path: '/admin/withdrawals/:id',
    at: '/admin/withdrawals/withdrawal-1',
    signedInAs: anAdministrator(),
  });
  return { ...rendered, decisions, review };
}

describe('the withdrawal decision', () => {
  it('pays from the demo treasury and approves with its hash, each confirmed in a dialog that names them', async () => {
    const { user, decisions } = reviewPendingWithdrawal(true);
    const payments: string[] = [];
    onApi('post', '/dev/demo-treasury-pay/:id', { response: demoTreasuryPaymentSchema }, ({ params }) => {
      payments.push(String(params.id));
      return { transactionHash: hash };
    });
    await user.click(await screen.findByRole('button', { name: 'Pay from the demo treasury' }));
    const pay = await screen.findByRole('dialog', { name: 'Pay this withdrawal from the demo treasury?' });
    expect(pay.textContent).toContain('Ann Lee · UP1000042');
    expect(pay.textContent).toContain('20.00 USDT');
    expect(pay.textContent).toContain('0x5aAeb605...1BeAed');
    expect(payments).toEqual([]);
    await user.click(within(pay).getByRole('button', { name: 'Pay 20.00 USDT' }));

    // Sent: the pay action is gone, the form says so and holds the payment's hash.
    expect(await screen.findByText('Payment sent — waiting for confirmations')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pay from the demo treasury' })).toBeNull();
    expect(screen.getByLabelText('Transaction hash')).toHaveProperty('value', hash);
    expect(payments).toEqual(['withdrawal-1']);

    await user.click(screen.getByRole('button', { name: 'Approve (paid)' }));
    const approve = await screen.findByRole('dialog', { name: 'Approve this withdrawal?' });
    expect(approve.textContent).toContain('0xabababab...abab');
    expect(decisions).toEqual([]);
    await user.click(within(approve).getByRole('button', { name: 'Approve 20.00 USDT' }));

    expect(await screen.findByText('APPROVED')).toBeTruthy();
    expect(decisions).toEqual([{ status: 'APPROVED', transactionHash: hash }]);
    expect(screen.queryByRole('button', { name: 'Approve (paid)' })).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
