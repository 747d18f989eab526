import type { AdminUserDetail } from '@uplink/contract/admin-users';
import { formatCount, formatMoney } from '@uplink/contract/format';
import { GiftIcon, TrendingUpIcon, UsersIcon, WalletIcon } from '../../../components/icons';
import { StatCards } from '../../../components/stat-card';

const usd = (amount: number) => formatMoney(amount, { unit: 'USD' });

/** The member's four figures: earned, available, paid out and their network's size. */
export function MemberSummaryCards({ member }: { member: AdminUserDetail }) {
  return (
    <StatCards
      statistics={[
        { label: 'Total Rewards', value: usd(member.totalRewards), icon: GiftIcon },
        {
          label: 'Balance',
          value: usd(member.balance),
          hint: member.lockedRewards > 0 ? `${usd(member.lockedRewards)} locked` : undefined,
          icon: WalletIcon,
          accent: 'emerald',
        },
        { label: 'Total Withdrawn', value: usd(member.totalWithdrawn), icon: TrendingUpIcon, accent: 'violet' },
        {
          label: 'Referrals',
          value: formatCount(member.referralStats.totalReferrals),
          hint: `${formatCount(member.referralStats.directReferrals)} direct`,
          icon: UsersIcon,
          accent: 'sky',
        },
      ]}
    />
  );
}
