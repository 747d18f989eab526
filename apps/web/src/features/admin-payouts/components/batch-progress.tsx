import { formatCount, formatUsdt } from '@uplink/contract/format';
import type { PayoutBatch } from '@uplink/contract/payout-batches';

/** How many of a batch's withdrawals are paid: "paid / total" and a bar; `detailed` adds the amounts. */
export function BatchProgress({ batch, detailed = false }: { batch: PayoutBatch; detailed?: boolean }) {
  const share = batch.count === 0 ? 0 : Math.round((batch.paid / batch.count) * 100);
  const text = `${formatCount(batch.paid)} / ${formatCount(batch.count)} paid`;
  return (
    <div className="min-w-32">
      <div className="flex items-baseline justify-between gap-3">
        <span className="whitespace-nowrap text-slate-800 text-sm tabular-nums">{text}</span>
        {detailed ? (
          <span className="whitespace-nowrap text-slate-500 text-xs tabular-nums">
            {`${formatUsdt(batch.paidAmount)} of ${formatUsdt(batch.total)}`}
          </span>
        ) : null}
      </div>
      <div
        role="progressbar"
        aria-label="Paid"
        aria-valuemin={0}
        aria-valuemax={batch.count}
        aria-valuenow={batch.paid}
        aria-valuetext={text}
        className="mt-1.5 h-1.5 overflow-hidden rounded-full bg-slate-100"
      >
        <div className="h-full rounded-full bg-emerald-500 transition-[width]" style={{ width: `${share}%` }} />
      </div>
    </div>
  );
}
