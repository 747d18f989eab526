import { screen, within } from '@testing-library/react';
import { formatDateTime } from '@uplink/contract/format';
import { withdrawalDecisionSchema, withdrawalSchema } from '@uplink/contract/withdrawals';
import { describe, expect, it } from 'vitest';
import { onApi, refusal } from '../../../testing/api-server';
import { renderScreen } from '../../../testing/render-screen';
import { anAdministrator, aPendingWithdrawalReview } from '../../../testing/sample-data';
import { renderReview } from './review-screen.test-support';
import { WithdrawalReviewPanels } from './withdrawal-review';

const hash = `0x${'cd'.repeat(32)}`;

describe("an administrator's decision texts", () => {
  it('labels the note to the member and the internal note apart, and sends both', async () => {
    const decisions: unknown[] = [];
    onApi('put', '/withdrawals/:id', { request: withdrawalDecisionSchema, response: withdrawalSchema }, ({ body }) => {
      decisions.push(body);
      const { user: _member, internalNote: _note, ...withdrawal } = aPendingWithdrawalReview().withdrawal;
      return { ...withdrawal, status: 'APPROVED' as const, reason: body.reason ?? null, transactionHash: hash };
    });
    const { user } = renderScreen(<WithdrawalReviewPanels id="withdrawal-1" review={aPendingWithdrawalReview()} />, {
      signedInAs: anAdministrator(),
    });
    await user.type(await screen.findByLabelText('Transaction hash'), hash);
    expect(screen.queryByLabelText('Note (optional)')).toBeNull();
    await user.type(screen.getByLabelText('Note to the member (optional)'), 'Sent in one payment');
    const internal = screen.getByLabelText('Internal note (optional)');
    expect(internal.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText(/never sent to the member/)).toBeTruthy();
    await user.type(internal, 'Checked with the compliance desk');
    await user.click(screen.getByRole('button', { name: 'Approve (paid)' }));
    const confirm = await screen.findByRole('dialog', { name: 'Approve this withdrawal?' });
    expect(confirm.textContent).toContain('Sent in one payment');
    expect(confirm.textContent).not.toContain('Checked with the compliance desk');
    await user.click(within(confirm).getByRole('button', { name: 'Approve 20.00 USDT' }));
    await expect
      .poll(() => decisions)
      .toEqual([
        {
          status: 'APPROVED',
          transactionHash: hash,
          reason: 'Sent in one payment',
          internalNote: 'Checked with the compliance desk',
        },
      ]);

    await user.selectOptions(screen.getByLabelText('Decision'), 'REJECTED');
    expect(screen.getByLabelText('Reason (sent to the member)')).toBeTruthy();
    expect(screen.getByLabelText('Internal note (optional)')).toBeTruthy();
  });

  it("shows an approval's note as the note to the member, and the internal note as administrators' only", () => {
    const base = aPendingWithdrawalReview();
    const approved = aPendingWithdrawalReview({
      withdrawal: {
        ...base.withdrawal,
        status: 'APPROVED',
        transactionHash: hash,
        processedAt: '2026-03-02T12:00:00.000Z',
        reason: 'Sent in one payment',
        internalNote: 'Checked with the compliance desk',
      },
    });
    renderScreen(<WithdrawalReviewPanels id="withdrawal-1" review={approved} />);
    expect(screen.getByText('Note to the member')).toBeTruthy();
    expect(screen.getByText('Sent in one payment')).toBeTruthy();
    expect(screen.getByText('Internal note (administrators only)')).toBeTruthy();
    expect(screen.getByText('Checked with the compliance desk')).toBeTruthy();
    expect(screen.queryByText('Reason')).toBeNull();
  });

  it("labels a rejection's text as its reason", () => {
    const base = aPendingWithdrawalReview();
    renderScreen(
      <WithdrawalReviewPanels
        id="withdrawal-1"
        review={aPendingWithdrawalReview({
          withdrawal: { ...base.withdrawal, status: 'REJECTED', reason: 'Exchange deposit address' },
        })}
      />,
    );
    expect(screen.getByText('Reason')).toBeTruthy();
    expect(screen.queryByText('Note to the member')).toBeNull();
  });

  describe('confirmed before it is sent', () => {
    it('sends nothing when the confirmation is cancelled', async () => {
      const { user, decisions } = renderReview(aPendingWithdrawalReview());
      await user.selectOptions(await screen.findByLabelText('Decision'), 'REJECTED');
      await user.type(screen.getByLabelText('Reason (sent to the member)'), 'Exchange deposit address');
      await user.click(screen.getByRole('button', { name: 'Reject' }));
      const reject = await screen.findByRole('dialog', { name: 'Reject this withdrawal?' });
      expect(reject.textContent).toContain('Exchange deposit address');
      expect(reject.textContent).toContain("20.00 USDT goes back to Ann Lee's available balance");
      await user.click(within(reject).getByRole('button', { name: 'Cancel' }));
      expect(screen.queryByRole('dialog', { name: 'Reject this withdrawal?' })).toBeNull();
      expect(decisions).toEqual([]);
    });

    it("refuses with the contract's words what the server would refuse, and sends nothing", async () => {
      const { user, decisions } = renderReview(aPendingWithdrawalReview());
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
      const { user, decisions, review } = renderReview(aPendingWithdrawalReview());
      await user.selectOptions(await screen.findByLabelText('Decision'), 'BLOCKED_COMPLIANCE');
      await user.type(screen.getByLabelText('Reason (sent to the member)'), '  Sanctioned wallet  ');
      const reconciledAt = '2026-03-02T14:02:00.000Z';
      onApi(
        'put',
        '/withdrawals/:id',
        { request: withdrawalDecisionSchema, response: withdrawalSchema },
        ({ body }) => {
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
        },
      );
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
});

describe('a held withdrawal', () => {
  it('offers no approval nor payment, says why in its place, and still offers rejecting and blocking', async () => {
    const base = aPendingWithdrawalReview();
    const held = aPendingWithdrawalReview({
      withdrawal: {
        ...base.withdrawal,
        risk: { severity: 'HIGH', held: true, openEvents: 1, rules: ['SHARED_WITHDRAWAL_WALLET'] },
      },
      demoTreasury: true,
    });
    renderScreen(<WithdrawalReviewPanels id="withdrawal-1" review={held} />, { signedInAs: anAdministrator() });
    expect(await screen.findByText('Held: the member is under risk review')).toBeTruthy();
    const decision = screen.getByLabelText('Decision');
    expect(within(decision).queryByRole('option', { name: 'Approve (paid)' })).toBeNull();
    expect(within(decision).getAllByRole('option').length).toBeGreaterThan(0);
    expect(screen.queryByLabelText('Transaction hash')).toBeNull();
    expect(screen.queryByRole('button', { name: /Pay from the demo treasury/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Approve (paid)' })).toBeNull();
  });
});

describe('a withdrawal whose payment is under way', () => {
  const underWay = {
    claimedAt: '2026-03-02T10:00:00.000Z',
    claimedBy: 'root@uplink.test',
    transactionHash: null,
    batchId: 'batch-7',
  };

  it('offers only its approval with the hash: no rejection, block nor second payment, which the server refuses', async () => {
    renderScreen(
      <WithdrawalReviewPanels
        id="withdrawal-1"
        review={aPendingWithdrawalReview({ paymentUnderWay: underWay, demoTreasury: true })}
      />,
      { signedInAs: anAdministrator() },
    );
    const decision = await screen.findByLabelText('Decision');
    expect(
      within(decision)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Approve (paid)']);
    expect(screen.getByLabelText('Transaction hash')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Pay from the demo treasury/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reject' })).toBeNull();
  });

  it('offers nothing when its member is held as well, and says why', async () => {
    const base = aPendingWithdrawalReview();
    const review = aPendingWithdrawalReview({
      withdrawal: {
        ...base.withdrawal,
        risk: { severity: 'HIGH', held: true, openEvents: 1, rules: ['SHARED_WITHDRAWAL_WALLET'] },
      },
      paymentUnderWay: underWay,
      demoTreasury: true,
    });
    renderScreen(<WithdrawalReviewPanels id="withdrawal-1" review={review} />, { signedInAs: anAdministrator() });
    expect(await screen.findByText('Held: the member is under risk review')).toBeTruthy();
    expect(screen.queryByLabelText('Decision')).toBeNull();
    expect(screen.queryByRole('button', { name: /Pay from the demo treasury/ })).toBeNull();
  });
});
