import { screen, within } from '@testing-library/react';
import { formatDateTime } from '@uplink/contract/format';
import {
  demoTreasuryPaymentSchema,
  type WithdrawalDecisionRequest,
  withdrawalDecisionSchema,
  withdrawalReviewSchema,
  withdrawalSchema,
} from '@uplink/contract/withdrawals';
import { describe, expect, it } from 'vitest';
import { onApi, refusal } from '../../../testing/api-server';
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

  it('sends nothing when the confirmation is cancelled', async () => {
    const { user, decisions } = reviewPendingWithdrawal();
    await user.selectOptions(await screen.findByLabelText('Decision'), 'REJECTED');
    await user.type(screen.getByLabelText('Reason (sent to the member)'), 'Exchange deposit address');
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    const reject = await screen.findByRole('dialog', { name: 'Reject this withdrawal?' });
    expect(reject.textContent).toContain('Exchange deposit address');
    expect(reject.textContent).toContain("20.00 USDT return to Ann Lee's available balance");
    await user.click(within(reject).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog', { name: 'Reject this withdrawal?' })).toBeNull();
    expect(decisions).toEqual([]);
  });

  it("refuses with the contract's words what the server would refuse, and sends nothing", async () => {
    const { user, decisions } = reviewPendingWithdrawal();
    await user.click(await screen.findByRole('button', { name: 'Approve (paid)' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'An approval needs the transaction hash of the payment',
    );
    await user.type(screen.getByLabelText('Transaction hash'), '0x1234');
    await user.click(screen.getByRole('button', { name: 'Approve (paid)' }));
    expect(screen.getByRole('alert').textContent).toBe('The transaction hash is 0x and 64 hex characters');

    await user.selectOptions(screen.getByLabelText('Decision'), 'REJECTED');
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    expect(screen.getByRole('alert').textContent).toBe('A reason is required');
    expect(decisions).toEqual([]);
  });

  it('says who decided meanwhile and when, and keeps what was typed, when the decision comes too late', async () => {
    const { user, decisions, review } = reviewPendingWithdrawal();
    await user.selectOptions(await screen.findByLabelText('Decision'), 'BLOCKED_COMPLIANCE');
    await user.type(screen.getByLabelText('Reason (sent to the member)'), '  Sanctioned wallet  ');
    const reconciledAt = '2026-03-02T14:02:00.000Z';
    onApi('put', '/withdrawals/:id', { request: withdrawalDecisionSchema, response: withdrawalSchema }, ({ body }) => {
      decisions.push(body);
      // The reconciliation saw the payment on chain first.
      review.current = {
        ...review.current,
        withdrawal: {
          ...review.current.withdrawal,
          status: 'APPROVED',
          transactionHash: hash,
          processedAt: reconciledAt,
        },
        decidedBy: { kind: 'TREASURY_RECONCILIATION', name: null },
      };
      return refusal(409, 'WITHDRAWAL_ALREADY_PROCESSED', 'This withdrawal has already been processed.');
    });
    await user.click(screen.getByRole('button', { name: 'Block for compliance' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Block this withdrawal?' })).getByRole('button', {
        name: 'Block 20.00 USDT',
      }),
    );

    expect(
      (await screen.findByText(`Already approved by reconciliation at ${formatDateTime(reconciledAt)}.`)).textContent,
    ).toBeTruthy();
    expect(screen.getByLabelText('Reason (sent to the member)')).toHaveProperty('value', '  Sanctioned wallet  ');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Block for compliance' })).toBeNull();
    expect(decisions).toEqual([{ status: 'BLOCKED_COMPLIANCE', reason: 'Sanctioned wallet' }]);
  });
});
