import { cleanup, screen } from '@testing-library/react';
import type { RewardStats } from '@uplink/contract/reward-stats';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../testing/render-screen';
import { rewardStatsWith } from '../../../testing/sample-data';
import { RewardsOverview } from './rewards-overview';

/** What the overview shows of `stats` (loaded unless `loading`); the screen is cleared afterwards. */
function shown(stats: RewardStats | undefined, loading = false) {
  const query = { data: stats, isPending: loading, isError: false, refetch: () => undefined };
  renderScreen(<RewardsOverview stats={query as never} onRequestWithdrawal={() => undefined} />);
  const figure = (id: string) => screen.queryByTestId(id)?.textContent ?? null;
  const button = screen.getByRole('button', { name: 'Request Withdrawal' }) as HTMLButtonElement;
  const result = {
    available: figure('available-balance'),
    pending: figure('pending-withdrawals'),
    earned: figure('total-earned'),
    withdrawn: figure('total-withdrawn'),
    equation: screen.queryByTestId('balance-equation')?.textContent ?? null,
    disabled: button.disabled,
    // What a reader hears and sees beside a withheld button: the reason.
    reason: button.getAttribute('aria-describedby')
      ? (document.getElementById(button.getAttribute('aria-describedby') ?? '')?.textContent ?? null)
      : null,
  };
  cleanup();
  return result;
}

describe('Balance Overview on /rewards', () => {
  it('shows the four figures, how they add up to the cent, and what they leave out', () => {
    const stats = {
      ...rewardStatsWith(28.1),
      totalRewards: 36.6,
      totalWithdrawn: 7.5,
      pendingWithdrawals: 1,
      lockedRewards: 3.25,
    };
    expect(shown(stats)).toEqual({
      available: '28.10 USDT',
      pending: '1.00 USDT',
      earned: '36.60 USDT',
      withdrawn: '7.50 USDT',
      equation:
        'Available 28.10 = Total Earned 36.60 − Total Withdrawn 7.50 − Pending Withdrawals 1.00 USDT.' +
        'Locked rewards of 3.25 USDT are left out of these figures until they are released.',
      disabled: false,
      reason: null,
    });
  });

  it('keeps Request Withdrawal disabled at a zero balance and while the balance loads', () => {
    expect(shown(rewardStatsWith(0))).toMatchObject({
      available: '0.00 USDT',
      disabled: true,
      reason: 'Nothing to withdraw yet: your available balance is 0.00 USDT.',
    });
    expect(shown({ ...rewardStatsWith(0), pendingWithdrawals: 5 })).toMatchObject({
      disabled: true,
      reason: 'Nothing left to withdraw: 5.00 USDT is already requested.',
    });
    expect(shown(rewardStatsWith(-0.01)).disabled).toBe(true);
    expect(shown(undefined, true)).toMatchObject({ available: null, equation: null, disabled: true });
    expect(shown(rewardStatsWith(0.01))).toMatchObject({ available: '0.01 USDT', disabled: false });
  });
});
