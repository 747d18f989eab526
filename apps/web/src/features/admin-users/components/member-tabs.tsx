import type { AdminUserDetail } from '@uplink/contract/admin-users';
import { formatCount } from '@uplink/contract/format';
import { useState } from 'react';
import { Card } from '../../../components/card';
import { Tabs } from '../../../components/tabs';
import type { AdminUserDetailPages } from '../api/get-admin-user-detail';
import { MemberOverview } from './member-overview';
import { MemberRewardsPanel } from './member-rewards-panel';
import { MemberWithdrawalsPanel } from './member-withdrawals-panel';

/** Overview, Rewards and Withdrawals of a member (overview first); the counts in the tab titles. */
export function MemberTabs({
  member,
  fetching,
  onPagesChange,
}: {
  member: AdminUserDetail;
  fetching: boolean;
  onPagesChange: (change: Partial<AdminUserDetailPages>) => void;
}) {
  const [tab, setTab] = useState('overview');
  return (
    <Card>
      <Tabs
        label="Member details"
        selected={tab}
        onSelect={setTab}
        tabs={[
          { id: 'overview', label: 'Overview', panel: <MemberOverview member={member} /> },
          {
            id: 'rewards',
            label: `Rewards (${formatCount(member.rewards?.statistics.total ?? 0)})`,
            panel: member.rewards ? (
              <MemberRewardsPanel
                rewards={member.rewards}
                note={member.rewardFigures.note}
                fetching={fetching}
                onPageChange={(rewardsPage) => onPagesChange({ rewardsPage })}
              />
            ) : null,
          },
          {
            id: 'withdrawals',
            label: `Withdrawals (${formatCount(member.withdrawals?.statistics.total ?? 0)})`,
            panel: member.withdrawals ? (
              <MemberWithdrawalsPanel
                withdrawals={member.withdrawals}
                fetching={fetching}
                onPageChange={(withdrawalsPage) => onPagesChange({ withdrawalsPage })}
              />
            ) : null,
          },
        ]}
      />
    </Card>
  );
}
