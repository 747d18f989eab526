import { formatMoney, formatUsdt } from '@uplink/contract/format';
import { ClockIcon, GiftIcon, TrendingUpIcon, WalletIcon } from './icons';
import { StatCards, type Statistic } from './stat-card';

/** A member's balances from their ledger account, whole cents (the API's figures, unchanged). */
export interface BalanceFigures {
  available: number;
  pendingWithdrawals: number;
  totalEarned: number;
  totalWithdrawn: number;
  /** Locked rewards: in none of the four figures until they are released. */
  locked: number;
}

const usdt = (amount: number | undefined) => (amount === undefined ? null : formatUsdt(amount));

/**
 * Balance Overview, the same on the member's dashboard, on /rewards and on the admin user detail:
 * Available, Pending withdrawals, Total Earned and Total Withdrawn, and under them how they add up
 * (available = earned − withdrawn − pending, to the cent) and what they leave out (locked rewards).
 * `extra` cards follow the four (the admin detail's referrals).
 */
export function BalanceOverview({
  figures,
  loading,
  extra = [],
}: {
  figures: BalanceFigures | undefined;
  loading: boolean;
  extra?: Statistic[];
}) {
  return (
    <div className="space-y-3">
      <StatCards
        grid={`grid grid-cols-1 gap-4 min-[480px]:grid-cols-2 ${extra.length > 0 ? 'lg:grid-cols-3 2xl:grid-cols-5' : 'xl:grid-cols-4'}`}
        loading={loading}
        statistics={[
          {
            label: 'Available Balance',
            value: usdt(figures?.available),
            icon: WalletIcon,
            accent: 'emerald',
            testId: 'available-balance',
          },
          {
            label: 'Pending Withdrawals',
            value: usdt(figures?.pendingWithdrawals),
            icon: ClockIcon,
            accent: 'amber',
            testId: 'pending-withdrawals',
          },
          {
            label: 'Total Earned',
            value: usdt(figures?.totalEarned),
            icon: TrendingUpIcon,
            accent: 'brand',
            testId: 'total-earned',
          },
          {
            label: 'Total Withdrawn',
            value: usdt(figures?.totalWithdrawn),
            icon: GiftIcon,
            accent: 'violet',
            testId: 'total-withdrawn',
          },
          ...extra,
        ]}
      />
      {figures ? (
        <div className="space-y-1 text-slate-600 text-sm" data-testid="balance-equation">
          <p>
            Available {formatMoney(figures.available)} = Total Earned {formatMoney(figures.totalEarned)} − Total
            Withdrawn {formatMoney(figures.totalWithdrawn)} − Pending Withdrawals{' '}
            {formatMoney(figures.pendingWithdrawals)} USDT.
          </p>
          <p>
            {figures.locked > 0
              ? `Locked rewards of ${usdt(figures.locked)} are left out of these figures until they are released.`
              : 'No reward is locked: nothing is left out of these figures.'}
          </p>
        </div>
      ) : null}
    </div>
  );
}
