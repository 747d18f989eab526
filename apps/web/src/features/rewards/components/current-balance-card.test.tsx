import type { RewardStats } from '@uplink/contract/rewards';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CurrentBalanceCard } from './current-balance-card';

function statsWith(currentBalance: number): RewardStats {
  return {
    currentBalance,
    totalRewards: currentBalance,
    totalWithdrawn: 0,
    pendingWithdrawals: 0,
    lockedRewards: 0,
    rewardBreakdown: { calculatedTotal: currentBalance, directRewards: currentBalance, downlineRewards: 0 },
    lockReasons: [],
    locked: [],
    earningsByCycle: [],
  };
}

/** The 'Request Withdrawal' button as rendered, and whether it is disabled. */
function withdrawalButton(stats: RewardStats | undefined, loading: boolean) {
  const html = renderToStaticMarkup(
    <CurrentBalanceCard stats={stats} loading={loading} onRequestWithdrawal={() => undefined} />,
  );
  const button = html.match(/<button[^>]*>(?:(?!<\/button>).)*Request Withdrawal(?:(?!<\/button>).)*<\/button>/s)?.[0];
  expect(button, html).toBeDefined();
  return { html, disabled: /\sdisabled=""/.test(button ?? '') };
}

describe('Request Withdrawal', () => {
  it('is disabled at a zero balance, which reads 0.00 USDT', () => {
    const { html, disabled } = withdrawalButton(statsWith(0), false);
    expect(disabled).toBe(true);
    expect(html).toContain('0.00 USDT');
  });

  it('is disabled below zero and while the balance loads', () => {
    expect(withdrawalButton(statsWith(-0.01), false).disabled).toBe(true);
    expect(withdrawalButton(undefined, true).disabled).toBe(true);
    expect(withdrawalButton(statsWith(12), true).disabled).toBe(true);
  });

  it('is enabled once there is a balance, shown with 2 decimals', () => {
    const { html, disabled } = withdrawalButton(statsWith(0.01), false);
    expect(disabled).toBe(false);
    expect(html).toContain('0.01 USDT');
  });
});
