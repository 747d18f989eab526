import { formatConversion, formatCount } from '@uplink/contract/format';
import type { FunnelStepCount } from '@uplink/contract/invitations';

/**
 * An invitation funnel as horizontal bars, plain CSS (no chart library): each step's count and its
 * conversion from the step before, the bar's length the count against the largest step. Reads as a
 * list, so a screen reader hears "Registered: 5, 40% of link visits".
 */
export function FunnelChart({
  steps,
  partlyPaid,
  label,
}: {
  steps: readonly FunnelStepCount[];
  partlyPaid: number;
  label: string;
}) {
  const largest = Math.max(1, ...steps.map((step) => step.count));
  return (
    <div>
      <ol aria-label={label} className="space-y-3">
        {steps.map((step, index) => {
          const before = steps[index - 1];
          const share =
            step.conversion === null || !before
              ? null
              : `${formatConversion(step.conversion)} of ${before.label.toLowerCase()}`;
          return (
            <li key={step.step} data-step={step.step}>
              <div className="flex items-baseline justify-between gap-3 text-sm">
                <span className="font-medium text-slate-700">{step.label}</span>
                <span className="shrink-0 text-right">
                  <span className="font-semibold text-slate-900 tabular-nums">{formatCount(step.count)}</span>
                  {share ? <span className="ml-2 text-slate-500 text-xs tabular-nums">{share}</span> : null}
                </span>
              </div>
              <div className="mt-1 h-2.5 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
                <div
                  className="h-full rounded-full bg-brand-600"
                  style={{ width: `${step.count === 0 ? 0 : Math.max(2, (step.count / largest) * 100)}%` }}
                />
              </div>
            </li>
          );
        })}
      </ol>
      {partlyPaid > 0 ? (
        <p className="mt-3 text-slate-600 text-xs">
          {formatCount(partlyPaid, ['person has', 'people have'])} paid part of the subscription (counted apart: not yet
          in "Subscription paid").
        </p>
      ) : null}
    </div>
  );
}
