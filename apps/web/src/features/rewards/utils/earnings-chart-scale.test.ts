import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { describeEarnings, niceCeiling, scaleEarnings, sumWireAmounts } from './earnings-chart-scale';

describe('the earnings chart scale', () => {
  it.each([
    [0, 1],
    [0.3, 0.5],
    [1, 1],
    [1.2, 2],
    [2.1, 2.5],
    [3, 5],
    [16.2, 20],
    [730, 1000],
  ])('puts the axis top for %s at %s', (value, top) => {
    expect(niceCeiling(value)).toBe(top);
  });

  it('stacks DIRECT under DOWNLINE as fractions of the axis, totals exact to the cent', () => {
    const { axisMax, bars } = scaleEarnings([
      { cycle: 1, startsAt: '2026-01-05T00:00:00.000Z', direct: 0.1, downline: 0.2 },
      { cycle: 2, startsAt: '2026-01-12T00:00:00.000Z', direct: 2, downline: 8 },
    ]);
    expect(axisMax).toBe(10);
    expect(bars[0]).toMatchObject({ total: 0.3, directHeight: 0.01, downlineHeight: 0.02 });
    expect(bars[1]).toMatchObject({ total: 10, directHeight: 0.2, downlineHeight: 0.8 });
  });

  it('draws nothing taller than the axis and nothing at all without cycles', () => {
    expect(scaleEarnings([])).toEqual({ axisMax: 1, bars: [] });
    const { bars } = scaleEarnings([{ cycle: 3, startsAt: '2026-01-19T00:00:00.000Z', direct: 0, downline: 0 }]);
    expect(bars[0]).toMatchObject({ directHeight: 0, downlineHeight: 0 });
  });

  it('sums the cycles up for screen readers: how many, which, the total and the best one', () => {
    const { bars } = scaleEarnings([
      { cycle: 45, startsAt: '2026-11-09T00:00:00.000Z', direct: 6, downline: 30 },
      { cycle: 46, startsAt: '2026-11-16T00:00:00.000Z', direct: 0, downline: 7.5 },
    ]);
    expect(describeEarnings(bars)).toBe(
      'Earnings over the last 2 cycles (#45 to #46): 43.50 USDT in all, the most 36.00 USDT in cycle #45',
    );
    expect(describeEarnings(bars.slice(1))).toBe(
      'Earnings over the last 1 cycle (#46): 7.50 USDT in all, the most 7.50 USDT in cycle #46',
    );
    expect(describeEarnings([])).toBe('No earnings yet');
  });

  it('adds cents exactly in the summary', () => {
    const { bars } = scaleEarnings([
      { cycle: 1, startsAt: '2026-01-05T00:00:00.000Z', direct: 0.1, downline: 0 },
      { cycle: 2, startsAt: '2026-01-12T00:00:00.000Z', direct: 0.2, downline: 0.005 },
    ]);
    expect(describeEarnings(bars)).toContain('0.31 USDT in all');
  });

  it.each([
    [[0.1, 0.2]],
    [[0.00000001, 0.00000002, 0.3]],
    [[1234567.89, 0.07, 9.99999999]],
    [[12.345678, 7.654322, 0.01]],
    [[-0.1, 0.3]],
  ])('sums wire amounts exactly, as decimal.js does: %j', (amounts) => {
    const exact = amounts.reduce((total, amount) => total.plus(amount), new Decimal(0)).toNumber();
    expect(sumWireAmounts(amounts)).toBe(exact);
  });
});
