import { screen, within } from '@testing-library/react';
import { withdrawalDecisionSchema, withdrawalSchema } from '@uplink/contract/withdrawals';
import { describe, expect, it } from 'vitest';
import { onApi } from '../../../testing/api-server';
import { renderScreen } from '../../../testing/render-screen';
import { aPendingWithdrawalReview } from '../../../testing/sample-data';
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
    const { user } = renderScreen(<WithdrawalReviewPanels id="withdrawal-1" review={aPendingWithdrawalReview()} />);
    expect(screen.queryByLabelText('Note (optional)')).toBeNull();
    await user.type(screen.getByLabelText('Transaction hash'), hash);
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
});
