import { render, screen, within } from '@testing-library/react';
import type { AdminMemberReward, AdminUserDetail } from '@uplink/contract/admin-users';
import { describe, expect, it } from 'vitest';
import { MemberRewardsPanel } from './member-rewards-panel';

const downline: AdminMemberReward = {
  _id: 'r1',
  type: 'DOWNLINE',
  rewardAmount: 1.5,
  percent: 5,
  masterAmount: 30,
  level: 2,
  cycle: 7,
  state: 'POSTED',
  createdAt: '2026-03-02T10:00:00.000Z',
  downlineUser: { firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', userId: 'UP1000042' },
};
const direct: AdminMemberReward = { ...downline, _id: 'r2', type: 'DIRECT', level: 1, downlineUser: undefined };

function rewardsPage(
  data: AdminMemberReward[],
  page: number,
  totalRecords: number,
): NonNullable<AdminUserDetail['rewards']> {
  const totalPages = Math.ceil(totalRecords / 10);
  return {
    data,
    statistics: { total: totalRecords, totalRewardAmount: 1234.5, directRewardsCount: 2, downlineRewardsCount: 40 },
    pagination: {
      currentPage: page,
      totalPages,
      totalRecords,
      limit: 10,
      hasNextPage: page < totalPages,
      hasPrevPage: page > 1,
      resultsCount: data.length,
    },
  };
}

const note =
  "Rows are rounded to the cent. Exact sum 1,234.5047 USDT: 1,234.50 credited, 0.0047 carried to the member's next credit.";
const renderPanel = (rewards: NonNullable<AdminUserDetail['rewards']>) =>
  render(<MemberRewardsPanel rewards={rewards} note={note} fetching={false} onPageChange={() => undefined} />);

describe('the Rewards tab of the user detail', () => {
  it('shows the totals, the downline member a reward came from and the cycle', () => {
    renderPanel(rewardsPage([downline, direct], 1, 42));
    expect(screen.getByText('1,234.50 USDT')).toBeTruthy();
    // The rows are rounded to the cent: the server's line says how they stand against the total.
    expect(screen.getByTestId('figures-note').textContent).toBe(note);
    expect(screen.getByText('From: Ann Lee')).toBeTruthy();
    expect(screen.getAllByText('#7')).toHaveLength(2);
    expect(screen.getAllByText('1.50 USDT')).toHaveLength(2);
  });

  it('counts what the page shows against every reward, with the page of the total', () => {
    renderPanel(rewardsPage([downline, direct], 2, 42));
    expect(screen.getByText('Showing 2 of 42 rewards')).toBeTruthy();
    const pages = screen.getByRole('navigation', { name: 'Pages of rewards' });
    expect(within(pages).getByText('Page 2 of 5')).toBeTruthy();
  });

  it('offers All Types, Direct and Downline', () => {
    renderPanel(rewardsPage([direct], 1, 1));
    const type = screen.getByLabelText('Type') as HTMLSelectElement;
    expect([...type.options].map((option) => [option.value, option.text])).toEqual([
      ['ALL', 'All Types'],
      ['DIRECT', 'Direct'],
      ['DOWNLINE', 'Downline'],
    ]);
    expect(type.value).toBe('ALL');
  });

  it("says 'No rewards found' and leaves out the footer when the member has none", () => {
    renderPanel(rewardsPage([], 1, 0));
    expect(screen.getByText('No rewards found')).toBeTruthy();
    expect(screen.queryByText(/Showing/)).toBeNull();
  });
});
