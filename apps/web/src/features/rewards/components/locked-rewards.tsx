import { formatDate, formatUsdt } from '@uplink/contract/format';
import { type LockReason, lockReasonActions, lockReasonTexts } from '@uplink/contract/reward-lock-reasons';
import type { RewardStats } from '@uplink/contract/reward-stats';
import { Alert } from '../../../components/alert';

const dayMs = 86_400_000;

/** Days until `deadline`, rounded up; 0 once it has passed. */
export function daysLeft(deadline: string, now: Date = new Date()): number {
  return Math.max(0, Math.ceil((new Date(deadline).getTime() - now.getTime()) / dayMs));
}

/** Why rewards lock, naming the cycle a NOT_COPYING refers to. */
function reasonText(reason: LockReason, stats: RewardStats): string {
  const text = lockReasonTexts(stats.compliance.minimumExchangeBalance)[reason];
  const { notCopyingIn } = stats;
  if (reason !== 'NOT_COPYING' || !notCopyingIn) return text;
  return `${text} (cycle #${notCopyingIn.cycle}, ended ${formatDate(notCopyingIn.endsAt)})`;
}

/**
 * Rewards held back while the member is not compliant: what, why and until when. Shown only when
 * something is locked or new rewards would be.
 */
export function LockedRewards({ stats }: { stats: RewardStats }) {
  if (stats.locked.length === 0 && stats.lockReasons.length === 0) return null;
  return (
    <Alert
      tone="warning"
      title={
        stats.locked.length > 0
          ? `${formatUsdt(stats.lockedRewards)} of your rewards are locked`
          : 'New rewards will be locked'
      }
    >
      {stats.lockReasons.length > 0 ? (
        <ul className="mt-1 list-disc space-y-1 pl-5">
          {stats.lockReasons.map((reason) => (
            <li key={reason}>
              {reasonText(reason, stats)}
              <span className="block">{lockReasonActions(stats.compliance.minimumExchangeBalance)[reason]}</span>
            </li>
          ))}
        </ul>
      ) : null}
      <p className="mt-2">
        Earnings lock while your exchange balance is below {stats.compliance.minimumExchangeBalance} USDT or copying
        stops. Regain compliance within {stats.compliance.windowDays} days and they are released; after that they are
        forfeited.
      </p>
      {stats.locked.length > 0 ? (
        <ul className="mt-3 space-y-1" data-testid="locked-rewards">
          {stats.locked.map((lock) => (
            <li key={`${lock.type}-${lock.cycle}-${lock.lockedAt}`} className="flex flex-wrap gap-x-3">
              <span className="font-semibold tabular-nums">{formatUsdt(lock.amount)}</span>
              <span>
                {lock.type === 'DIRECT' ? 'Referral reward' : 'Trading rewards'}, cycle #{lock.cycle}
              </span>
              <span>
                until {formatDate(lock.deadline)} ({daysLeft(lock.deadline)} days left)
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </Alert>
  );
}
