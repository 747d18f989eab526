import { formatDate, formatMoney, formatUsdt } from '@uplink/contract/format';
import type { CycleEarnings } from '@uplink/contract/reward-stats';
import { Card, CardBody, CardHeader } from '../../../components/card';
import { describeEarnings, type EarningsBar, scaleEarnings } from '../utils/earnings-chart-scale';

const chartHeight = 180;
/** Room for at least this many bars, so two cycles are not drawn as two slabs across the page. */
const minSlots = 6;
/** Width of one bar's slot in the drawing's units; the bar takes the middle 56 %. */
const slotWidth = 10;
const barWidth = 5.6;

function barTitle(bar: EarningsBar): string {
  return `Cycle #${bar.cycle} (from ${formatDate(bar.startsAt)}): ${formatUsdt(bar.total)}, direct ${formatMoney(bar.direct)}, downline ${formatMoney(bar.downline)}`;
}

/**
 * Earnings per cycle as hand-drawn SVG bars, DIRECT stacked under DOWNLINE. The drawing is one
 * image whose label sums it up; a hidden table gives screen readers every figure.
 */
export function EarningsChart({ cycles }: { cycles: readonly CycleEarnings[] }) {
  const { bars, axisMax } = scaleEarnings(cycles);
  const slots = Math.max(minSlots, bars.length);
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
          <figure className="flex gap-3">
            <div
              className="flex shrink-0 flex-col justify-between text-right text-slate-500 text-xs tabular-nums"
              style={{ height: chartHeight }}
              aria-hidden="true"
            >
              <span className="-translate-y-1/2">{formatMoney(axisMax)}</span>
              <span>{formatMoney(axisMax / 2)}</span>
              <span className="translate-y-1/2">0</span>
            </div>
            <div className="min-w-0 flex-1">
              <svg
                role="img"
                aria-label={describeEarnings(bars)}
                data-testid="earnings-chart"
                viewBox={`0 0 ${slots * slotWidth} 100`}
                preserveAspectRatio="none"
                width="100%"
                height={chartHeight}
                className="block border-slate-300 border-b border-l"
              >
                {[0, 50].map((y) => (
                  <line
                    key={y}
                    x1={0}
                    x2={slots * slotWidth}
                    y1={y + 0.5}
                    y2={y + 0.5}
                    className="stroke-slate-200"
                    strokeDasharray="4 4"
                    vectorEffect="non-scaling-stroke"
                  />
                ))}
                {bars.map((bar, index) => {
                  const x = index * slotWidth + (slotWidth - barWidth) / 2;
                  const direct = bar.directHeight * 100;
                  const downline = bar.downlineHeight * 100;
                  return (
                    <g key={bar.cycle} data-cycle={bar.cycle}>
                      <title>{barTitle(bar)}</title>
                      <rect
                        x={x}
                        y={100 - direct - downline}
                        width={barWidth}
                        height={downline}
                        className="fill-sky-400"
                      />
                      <rect x={x} y={100 - direct} width={barWidth} height={direct} className="fill-brand-600" />
                    </g>
                  );
                })}
              </svg>
              <div
                className="mt-2 grid text-center text-slate-500 text-xs"
                style={{ gridTemplateColumns: `repeat(${slots}, minmax(0, 1fr))` }}
                aria-hidden="true"
              >
                {bars.map((bar) => (
                  <span key={bar.cycle} className="truncate">
                    #{bar.cycle}
                  </span>
                ))}
              </div>
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
