import { errorTexts } from '@uplink/contract/error-codes';
import type { RewardStats } from '@uplink/contract/reward-stats';
import { useId } from 'react';
import { Button } from '../../../components/button';
import { WalletIcon } from '../../../components/icons';
import type { UseQueryResult } from '../../../lib/query';
import { EarningsChart } from './earnings-chart';
import { IncomeBreakdown } from './income-breakdown';
import { LockedRewards } from './locked-rewards';
import { canRequestWithdrawal, RewardBalance, withdrawalWithheldReason } from './reward-balance';

/** The member's Balance Overview with 'Request Withdrawal', the breakdown, locked rewards and earnings per cycle. */
export function RewardsOverview({
  stats,
  onRequestWithdrawal,
  requestingWithdrawal = false,
  withdrawalFormFailed = false,
}: {
  stats: UseQueryResult<RewardStats>;
  onRequestWithdrawal: () => void;
  /** The withdrawal form is on its way: the button shows it is busy. */
  requestingWithdrawal?: boolean;
  /** The withdrawal form could not be loaded: the member is told to check the connection. */
  withdrawalFormFailed?: boolean;
}) {
  const reasonId = useId();
  const withheld = withdrawalWithheldReason(stats.data);
  return (
    <>
      <RewardBalance
        stats={stats}
        actions={
          <div className="flex flex-col items-start gap-1.5 sm:items-end">
            <Button
              icon={<WalletIcon size={18} />}
              disabled={!canRequestWithdrawal(stats.data, stats.isPending)}
              busy={requestingWithdrawal}
              aria-describedby={withheld ? reasonId : undefined}
              onClick={onRequestWithdrawal}
            >
              Request Withdrawal
            </Button>
            {withheld ? (
              <p id={reasonId} className="max-w-72 text-slate-600 text-xs sm:text-right">
                {withheld}
              </p>
            ) : null}
            {withdrawalFormFailed ? (
              <p role="alert" className="max-w-72 text-red-700 text-xs sm:text-right">
                {errorTexts.NETWORK_ERROR}
              </p>
            ) : null}
          </div>
        }
      />
      <IncomeBreakdown stats={stats.data} loading={stats.isPending} />
      {stats.data ? <LockedRewards stats={stats.data} /> : null}
      <EarningsChart cycles={stats.data?.earningsByCycle ?? []} />
    </>
  );
}
