import { screen, within } from '@testing-library/react';
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
  let review = aPendingWithdrawalReview({ demoTreasury });
  const decisions: WithdrawalDecisionRequest[] = [];
  onApi('get', '/withdrawals/admin/:id', { response: withdrawalReviewSchema }, () => review);
  onApi('put', '/withdrawals/:id', { request: withdrawalDecisionSchema, response: withdrawalSchema }, ({ body }) => {
    decisions.push(body);
    const { user: _member, ...decided } = { ...review.withdrawal, status: body.status, transactionHash: hash };
    review = { ...review, withdrawal: { ...review.withdrawal, ...decided } };
    return decided;
  });
  const rendered = renderScreen(<AdminWithdrawalDetailPage />, {
    path: '/admin/withdrawals/:id',
    at: '/admin/withdrawals/withdrawal-1',
    signedInAs: anAdministrator(),
  });
  return { ...rendered, decisions };
}

describe('the withdrawal decision', () => {
  it('pays from the demo treasury, approves with its hash, and the review shows the decision', async () => {
    const { user, decisions } = reviewPendingWithdrawal(true);
    onApi('post', '/dev/demo-treasury-pay/:id', { response: demoTreasuryPaymentSchema }, () => ({
      transactionHash: hash,
    }));
    await user.click(await screen.findByRole('button', { name: 'Pay from the demo treasury' }));
    expect(await screen.findByLabelText('Transaction hash')).toHaveProperty('value', hash);
    await user.click(screen.getByRole('button', { name: 'Approve (paid)' }));

    expect(await screen.findByText('APPROVED')).toBeTruthy();
    expect(decisions).toEqual([{ status: 'APPROVED', transactionHash: hash }]);
    expect(screen.queryByRole('button', { name: 'Approve (paid)' })).toBeNull();
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

  it('rejects with the reason typed, and shows the refusal of a decided withdrawal', async () => {
    const { user, decisions } = reviewPendingWithdrawal();
    await user.selectOptions(await screen.findByLabelText('Decision'), 'BLOCKED_COMPLIANCE');
    await user.type(screen.getByLabelText('Reason (sent to the member)'), '  Sanctioned wallet  ');
    onApi('put', '/withdrawals/:id', { request: withdrawalDecisionSchema, response: withdrawalSchema }, ({ body }) => {
      decisions.push(body);
      return refusal(409, 'WITHDRAWAL_ALREADY_PROCESSED', 'This withdrawal has already been processed.');
    });
    await user.click(screen.getByRole('button', { name: 'Block for compliance' }));

    const form = screen.getByRole('button', { name: 'Block for compliance' }).closest('form') as HTMLElement;
    expect((await within(form).findByRole('alert')).textContent).toBe('This withdrawal has already been processed.');
    expect(decisions).toEqual([{ status: 'BLOCKED_COMPLIANCE', reason: 'Sanctioned wallet' }]);
  });
});
