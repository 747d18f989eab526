import { formatCount, formatUsdt } from '@uplink/contract/format';
import type { CycleEarnings } from '@uplink/contract/reward-stats';

/** One bar of the earnings chart: heights are fractions (0..1) of the chart's full height. */
export interface EarningsBar {
  cycle: number;
  startsAt: string;
  direct: number;
  downline: number;
  total: number;
  directHeight: number;
  downlineHeight: number;
}

export interface EarningsChartScale {
  bars: EarningsBar[];
  /** The top of the axis: the largest total rounded up to a readable figure (1, 2, 2.5 or 5 × 10ⁿ). */
  axisMax: number;
}

/** Amounts on the wire carry at most 8 decimals (`wireMoneySchema`): whole units of 10⁻⁸ USDT are exact integers. */
const wireUnitsPerUsdt = 1e8;

/**
 * The exact sum of wire amounts, as the number nearest to it: summed in whole units of 10⁻⁸ (so
 * 0.1 + 0.2 is 0.3, not 0.30000000000000004) without loading decimal.js on the rewards page.
 */
export function sumWireAmounts(amounts: readonly number[]): number {
  let units = 0n;
  for (const amount of amounts) units += BigInt(Math.round(amount * wireUnitsPerUsdt));
  return Number(units) / wireUnitsPerUsdt;
}

/** A readable axis top at or above `value`. */
export function niceCeiling(value: number): number {
  if (value <= 0) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 2.5, 5, 10].find((factor) => factor * magnitude >= value) ?? 10;
  return step * magnitude;
}

/** Scales the cycles' earnings (DIRECT stacked under DOWNLINE) to the axis. */
export function scaleEarnings(cycles: readonly CycleEarnings[]): EarningsChartScale {
  const totals = cycles.map((cycle) => sumWireAmounts([cycle.direct, cycle.downline]));
  const axisMax = niceCeiling(Math.max(0, ...totals));
  return {
    axisMax,
    bars: cycles.map((cycle, index) => ({
      cycle: cycle.cycle,
      startsAt: cycle.startsAt,
      direct: cycle.direct,
      downline: cycle.downline,
      total: totals[index] as number,
      directHeight: cycle.direct / axisMax,
      downlineHeight: cycle.downline / axisMax,
    })),
  };
}

/**
 * What the chart says to a screen reader (its aria-label): how many cycles, which, the total over
 * them and the best one, e.g. "Earnings over the last 2 cycles (#45 to #46): 43.50 USDT in all,
 * the most 36.00 USDT in cycle #46".
 */
export function describeEarnings(bars: readonly EarningsBar[]): string {
  const first = bars[0];
  const last = bars.at(-1);
  if (!first || !last) return 'No earnings yet';
  const best = bars.reduce((top, bar) => (bar.total > top.total ? bar : top), first);
  const sum = sumWireAmounts(bars.map((bar) => bar.total));
  const range = first === last ? `#${first.cycle}` : `#${first.cycle} to #${last.cycle}`;
  return `Earnings over the last ${formatCount(bars.length, ['cycle', 'cycles'])} (${range}): ${formatUsdt(sum)} in all, the most ${formatUsdt(best.total)} in cycle #${best.cycle}`;
}
