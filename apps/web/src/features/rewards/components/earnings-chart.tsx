import { formatDate, formatMoney } from '@uplink/contract/format';
import type { CycleEarnings } from '@uplink/contract/rewards';
import { Card, CardBody, CardHeader } from '../../../components/card';
import { scaleEarnings } from '../utils/earnings-chart-scale';

const chartHeight = 180;

/** Earnings per cycle, DIRECT stacked under DOWNLINE; a table of the same figures for screen readers. */
export function EarningsChart({ cycles }: { cycles: readonly CycleEarnings[] }) {
  const { bars, axisMax } = scaleEarnings(cycles);
  const summary =
    bars.length === 0
      ? 'No earnings yet'
      : `Earnings over the last ${bars.length} cycles with earnings, up to ${formatMoney(Math.max(...bars.map((bar) => bar.total)), { unit: 'USDT' })} in a cycle`;
  return (
    <Card>
      <CardHeader
        title="Earnings per cycle"
        subtitle="Referral (DIRECT) and trading (DOWNLINE) rewards, credited or locked, per weekly cycle."
        actions={
          <div className="flex items-center gap-4 text-slate-600 text-xs">
            <Legend className="bg-brand-600" label="Direct" />
            <Legend className="bg-sky-400" label="Downline" />
          </div>
        }
      />
      <CardBody>
        {bars.length === 0 ? (
          <p className="py-10 text-center text-slate-500 text-sm">
            Your earnings per cycle appear here after your first reward.
          </p>
        ) : (
          <figure>
            <div className="flex gap-3">
              <div
                className="flex flex-col justify-between text-right text-slate-500 text-xs tabular-nums"
                style={{ height: chartHeight }}
                aria-hidden="true"
              >
                <span>{formatMoney(axisMax)}</span>
                <span>{formatMoney(axisMax / 2)}</span>
                <span>0</span>
              </div>
              <div
                role="img"
                aria-label={summary}
                data-testid="earnings-chart"
                className="relative flex flex-1 items-end gap-2 border-slate-200 border-b border-l px-2 sm:gap-3"
                style={{ height: chartHeight }}
              >
                <div className="pointer-events-none absolute inset-x-0 top-0 border-slate-100 border-t border-dashed" />
                <div className="pointer-events-none absolute inset-x-0 top-1/2 border-slate-100 border-t border-dashed" />
                {bars.map((bar) => (
                  <div
                    key={bar.cycle}
                    className="relative flex h-full min-w-0 flex-1 flex-col justify-end"
                    title={`Cycle #${bar.cycle}: ${formatMoney(bar.total, { unit: 'USDT' })}`}
                  >
                    <div
                      className="mx-auto w-full max-w-10 rounded-t bg-sky-400"
                      style={{ height: `${bar.downlineHeight * 100}%` }}
                    />
                    <div
                      className="mx-auto w-full max-w-10 bg-brand-600"
                      style={{ height: `${bar.directHeight * 100}%` }}
                    />
                  </div>
                ))}
              </div>
            </div>
            <div className="mt-2 flex gap-2 pl-12 text-center text-slate-500 text-xs sm:gap-3" aria-hidden="true">
              {bars.map((bar) => (
                <span key={bar.cycle} className="min-w-0 flex-1 truncate">
                  #{bar.cycle}
                </span>
              ))}
            </div>
            {/* A table ignores the 1 px width of sr-only; its wrapper does not. */}
            <div className="sr-only">
              <table>
                <caption>Earnings per cycle</caption>
                <thead>
                  <tr>
                    <th scope="col">Cycle</th>
                    <th scope="col">Starts</th>
                    <th scope="col">Direct (USDT)</th>
                    <th scope="col">Downline (USDT)</th>
                  </tr>
                </thead>
                <tbody>
                  {bars.map((bar) => (
                    <tr key={bar.cycle}>
                      <td>#{bar.cycle}</td>
                      <td>{formatDate(bar.startsAt)}</td>
                      <td>{formatMoney(bar.direct)}</td>
                      <td>{formatMoney(bar.downline)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </figure>
        )}
      </CardBody>
    </Card>
  );
}

function Legend({ className, label }: { className: string; label: string }) {
  return (
    <span className="flex items-center gap-1.5">
      <span className={`h-2.5 w-2.5 rounded-sm ${className}`} aria-hidden="true" />
      {label}
    </span>
  );
}
