import { formatUsdt } from '@uplink/contract/format';
import type { RewardStats } from '@uplink/contract/reward-stats';
import { Card, CardBody, CardHeader } from '../../../components/card';

/** Total Income split into Direct Referrals and Downline Income, with each part's share. */
export function IncomeBreakdown({ stats, loading }: { stats: RewardStats | undefined; loading: boolean }) {
  const breakdown = stats?.rewardBreakdown;
  const share = (part: number) =>
    breakdown && breakdown.calculatedTotal > 0 ? Math.round((part / breakdown.calculatedTotal) * 100) : 0;
  const rows = [
    { label: 'Direct Referrals', value: breakdown?.directRewards, bar: 'bg-brand-600' },
    { label: 'Downline Income', value: breakdown?.downlineRewards, bar: 'bg-sky-400' },
  ];
  return (
    <Card>
      <CardHeader title="Income Breakdown" subtitle="Credited rewards by kind." />
      <CardBody className="space-y-5">
        <div>
          <p className="text-slate-600 text-sm">Total Income</p>
          <p className="mt-1 font-bold text-2xl text-slate-900 tabular-nums" data-testid="total-income">
            {loading || !breakdown ? '—' : formatUsdt(breakdown.calculatedTotal)}
          </p>
        </div>
        {rows.map((row) => (
          <div key={row.label}>
            <div className="flex items-baseline justify-between gap-3 text-sm">
              <span className="text-slate-700">{row.label}</span>
              <span className="font-semibold text-slate-900 tabular-nums">
                {row.value === undefined ? '—' : formatUsdt(row.value)}
              </span>
            </div>
            <div className="mt-2 h-2 rounded-full bg-slate-100" aria-hidden="true">
              <div className={`h-2 rounded-full ${row.bar}`} style={{ width: `${share(row.value ?? 0)}%` }} />
            </div>
          </div>
        ))}
      </CardBody>
    </Card>
  );
}
