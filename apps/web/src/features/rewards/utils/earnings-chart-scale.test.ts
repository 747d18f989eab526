import { describe, expect, it } from 'vitest';
import { niceCeiling, scaleEarnings } from './earnings-chart-scale';

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
});
