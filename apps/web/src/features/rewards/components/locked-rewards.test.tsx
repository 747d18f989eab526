import { cleanup, render, screen } from '@testing-library/react';
import type { RewardStats } from '@uplink/contract/reward-stats';
import { afterEach, describe, expect, it } from 'vitest';
import { rewardStatsWith } from '../../../testing/sample-data';
import { daysLeft, LockedRewards } from './locked-rewards';

describe('days left before a locked reward is forfeited', () => {
  const now = new Date('2026-11-23T12:00:00.000Z');
  it.each([
    ['2026-12-23T12:00:00.000Z', 30],
    ['2026-11-24T00:00:00.000Z', 1],
    ['2026-11-23T12:00:00.000Z', 0],
    ['2026-11-01T00:00:00.000Z', 0],
  ])('%s → %i', (deadline, days) => {
    expect(daysLeft(deadline, now)).toBe(days);
  });
});

describe('the warning that new rewards will be locked', () => {
  afterEach(cleanup);
  const stats = (overrides: Partial<RewardStats>): RewardStats => ({ ...rewardStatsWith(0), ...overrides });

  it('is not shown to a compliant member', () => {
    const { container } = render(<LockedRewards stats={stats({})} />);
    expect(container.innerHTML).toBe('');
  });

  it('names the cycle the member was not copying in, and what to do', () => {
    render(
      <LockedRewards
        stats={stats({ lockReasons: ['NOT_COPYING'], notCopyingIn: { cycle: 40, endsAt: '2026-10-26T00:00:00.000Z' } })}
      />,
    );
    expect(screen.getByText('New rewards will be locked')).toBeTruthy();
    expect(screen.getByText(/in the last cycle\. \(cycle #40, ended/)).toBeTruthy();
    expect(
      screen.getByText("Copy the master trader on BingX, so that the next cycle's statement includes you."),
    ).toBeTruthy();
  });

  it('states the compliance line and window the server applies, not figures of its own', () => {
    render(
      <LockedRewards
        stats={stats({
          lockReasons: ['BALANCE_BELOW_MINIMUM'],
          compliance: { minimumExchangeBalance: 250, windowDays: 45 },
        })}
      />,
    );
    expect(screen.getByText('Your exchange balance is below 250 USDT.')).toBeTruthy();
    expect(screen.getByText('Deposit on BingX until your balance is 250 USDT or more.')).toBeTruthy();
    expect(screen.getByText(/below 250 USDT or copying stops\. Regain compliance within 45 days/)).toBeTruthy();
  });
});
