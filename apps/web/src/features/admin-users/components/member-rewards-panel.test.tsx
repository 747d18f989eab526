import type { AdminMemberReward, AdminUserDetail } from '@uplink/contract/admin-users';
import { renderToStaticMarkup } from 'react-dom/server';
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

const render = (rewards: NonNullable<AdminUserDetail['rewards']>) =>
  renderToStaticMarkup(<MemberRewardsPanel rewards={rewards} fetching={false} onPageChange={() => undefined} />);

describe('the Rewards tab of the user detail', () => {
  it('shows the totals, the downline member a reward came from and the cycle', () => {
    const html = render(rewardsPage([downline, direct], 1, 42));
    expect(html).toContain('$1,234.50');
    expect(html).toContain('From: Ann Lee');
    expect(html).toContain('#7');
    expect(html).toContain('1.50 USDT');
  });

  it('counts what the page shows against every reward, with the page of the total', () => {
    const html = render(rewardsPage([downline, direct], 2, 42));
    expect(html).toContain('Showing 2 of 42 rewards');
    expect(html).toContain('Page 2 of 5');
  });

  it('offers All Types, Direct and Downline', () => {
    const html = render(rewardsPage([direct], 1, 1));
    expect(html).toMatch(
      /<option value="ALL"[^>]*>All Types<\/option><option value="DIRECT">Direct<\/option><option value="DOWNLINE">Downline<\/option>/,
    );
  });

  it("says 'No rewards found' and leaves out the footer when the member has none", () => {
    const html = render(rewardsPage([], 1, 0));
    expect(html).toContain('No rewards found');
    expect(html).not.toContain('Showing');
  });
});
