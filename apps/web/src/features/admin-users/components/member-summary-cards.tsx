import type { AdminUserDetail } from '@uplink/contract/admin-users';
import { formatCount } from '@uplink/contract/format';
import { BalanceOverview } from '../../../components/balance-overview';
import { Card, CardHeader } from '../../../components/card';
import { UsersIcon } from '../../../components/icons';

/**
 * The member's Balance Overview as the member sees it (available, pending, earned, withdrawn, and
 * how they add up), with the size of their network beside it.
 */
export function MemberSummaryCards({ member }: { member: AdminUserDetail }) {
  return (
    <Card>
      <CardHeader title="Balance Overview" />
      <div className="p-5 sm:p-6">
        <BalanceOverview
          loading={false}
          figures={{
            available: member.balance,
            pendingWithdrawals: member.pendingWithdrawals,
            totalEarned: member.totalRewards,
            totalWithdrawn: member.totalWithdrawn,
            locked: member.lockedRewards,
          }}
          extra={[
            {
              label: 'Referrals',
              value: formatCount(member.referralStats.totalReferrals),
              hint: `${formatCount(member.referralStats.directReferrals)} direct`,
              icon: UsersIcon,
              accent: 'sky',
            },
          ]}
        />
      </div>
    </Card>
  );
}
