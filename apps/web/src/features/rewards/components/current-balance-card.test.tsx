import { cleanup, render, screen } from '@testing-library/react';
import type { RewardStats } from '@uplink/contract/rewards';
import { describe, expect, it } from 'vitest';
import { rewardStatsWith as statsWith } from '../../../testing/sample-data';
import { CurrentBalanceCard } from './current-balance-card';

/** The balance shown and whether 'Request Withdrawal' is disabled; the card is cleared afterwards. */
function withdrawalButton(stats: RewardStats | undefined, loading: boolean) {
  render(<CurrentBalanceCard stats={stats} loading={loading} onRequestWithdrawal={() => undefined} />);
  const button = screen.getByRole('button', { name: 'Request Withdrawal' }) as HTMLButtonElement;
  const shown = { balance: screen.getByTestId('current-balance').textContent, disabled: button.disabled };
  cleanup();
  return shown;
}

describe('Request Withdrawal', () => {
  it('is disabled at a zero balance, which reads 0.00 USDT', () => {
    expect(withdrawalButton(statsWith(0), false)).toEqual({ balance: '0.00 USDT', disabled: true });
  });

  it('is disabled below zero and while the balance loads', () => {
    expect(withdrawalButton(statsWith(-0.01), false).disabled).toBe(true);
    expect(withdrawalButton(undefined, true).disabled).toBe(true);
    expect(withdrawalButton(statsWith(12), true).disabled).toBe(true);
  });

  it('is enabled once there is a balance, shown with 2 decimals', () => {
    expect(withdrawalButton(statsWith(0.01), false)).toEqual({ balance: '0.01 USDT', disabled: false });
  });
});
