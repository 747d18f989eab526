import { screen } from '@testing-library/react';
import { formatDateTime } from '@uplink/contract/format';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../testing/render-screen';
import { aPendingWithdrawalReview } from '../../../testing/sample-data';
import { WithdrawalReviewPanels } from './withdrawal-review';

describe('the review of a withdrawal', () => {
  it("names the member's ledger entries in words, not in the ledger's codes", () => {
    const review = aPendingWithdrawalReview({
      ledger: [
        { kind: 'DEBIT_PENDING', reasonType: 'WITHDRAWAL', amount: 20, createdAt: '2026-03-02T10:00:00.000Z' },
        { kind: 'CREDIT_POSTED', reasonType: 'REWARD_CYCLE', amount: 36.6, createdAt: '2026-03-01T09:00:00.000Z' },
      ],
    });
    renderScreen(<WithdrawalReviewPanels id="withdrawal-1" review={review} />);
    const entries = screen.getByText('Withdrawal on hold').closest('ul') as HTMLElement;
    expect([...entries.querySelectorAll('li')].map((entry) => entry.textContent)).toEqual([
      `Withdrawal on holdWithdrawal20.00 USDT${formatDateTime('2026-03-02T10:00:00.000Z')}`,
      `Reward creditedReward cycle36.60 USDT${formatDateTime('2026-03-01T09:00:00.000Z')}`,
    ]);
    expect(screen.queryByText(/DEBIT_PENDING|CREDIT_POSTED|REWARD_CYCLE/)).toBeNull();
  });
});
