import { cleanup, screen } from '@testing-library/react';
import { formatDateTime } from '@uplink/contract/format';
import { riskTexts } from '@uplink/contract/risk';
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

  it('says a held member is under review above the request, and only marks a member a lower event names', () => {
    const base = aPendingWithdrawalReview();
    const held = { severity: 'HIGH' as const, held: true, openEvents: 1, rules: ['EMAIL_ALIAS' as const] };
    renderScreen(
      <WithdrawalReviewPanels id="withdrawal-1" review={{ ...base, withdrawal: { ...base.withdrawal, risk: held } }} />,
    );
    const banner = screen.getByRole('alert');
    expect(banner.textContent).toContain(riskTexts.reviewBanner);
    expect(banner.textContent).toContain('Open risk events: E-mail alias.');
    expect(screen.getByRole('link', { name: "See the member's events" }).getAttribute('href')).toBe(
      '/admin/users/member-1',
    );
    cleanup();

    const marked = { severity: 'MEDIUM' as const, held: false, openEvents: 1, rules: ['REGISTRATION_BURST' as const] };
    renderScreen(
      <WithdrawalReviewPanels
        id="withdrawal-1"
        review={{ ...base, withdrawal: { ...base.withdrawal, risk: marked } }}
      />,
    );
    expect(screen.getByRole('alert').textContent).toContain('This member is marked for risk review.');
    expect(screen.queryByText(riskTexts.reviewBanner)).toBeNull();
  });
});
