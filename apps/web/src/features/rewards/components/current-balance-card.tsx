import { formatMoney } from '@uplink/contract/format';
import type { RewardStats } from '@uplink/contract/rewards';
import { Button } from '../../../components/button';
import { Card, CardBody } from '../../../components/card';
import { WalletIcon } from '../../../components/icons';

/** A withdrawal can be asked for once the balance has loaded and is above zero. */
export function canRequestWithdrawal(stats: RewardStats | undefined, loading: boolean): boolean {
  return !loading && stats !== undefined && stats.currentBalance > 0;
}

/** The balance available now, in USDT, what is locked or held beside it, and 'Request Withdrawal'. */
export function CurrentBalanceCard({
  stats,
  loading,
  onRequestWithdrawal,
}: {
  stats: RewardStats | undefined;
  loading: boolean;
  onRequestWithdrawal: () => void;
}) {
  return (
    <Card>
      <CardBody className="flex h-full flex-col justify-between gap-5">
        <div>
          <p className="font-medium text-slate-600 text-sm">Current balance</p>
          <p className="mt-2 font-bold text-3xl text-slate-900 tabular-nums" data-testid="current-balance">
            {stats ? formatMoney(stats.currentBalance, { unit: 'USDT' }) : '—'}
          </p>
          <dl className="mt-4 space-y-1.5 border-slate-100 border-t pt-4 text-sm">
            {[
              { label: 'Locked', value: stats?.lockedRewards },
              { label: 'Pending withdrawals', value: stats?.pendingWithdrawals },
              { label: 'Withdrawn', value: stats?.totalWithdrawn },
            ].map((row) => (
              <div key={row.label} className="flex justify-between gap-3">
                <dt className="text-slate-600">{row.label}</dt>
                <dd className="font-medium text-slate-900 tabular-nums">
                  {row.value === undefined ? '—' : formatMoney(row.value, { unit: 'USDT' })}
                </dd>
              </div>
            ))}
          </dl>
        </div>
        <Button
          icon={<WalletIcon size={18} />}
          disabled={!canRequestWithdrawal(stats, loading)}
          onClick={onRequestWithdrawal}
        >
          Request Withdrawal
        </Button>
      </CardBody>
    </Card>
  );
}
