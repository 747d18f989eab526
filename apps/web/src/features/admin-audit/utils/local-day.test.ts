import { describe, expect, it } from 'vitest';
import { isReversedRange, localDayEnd, localDayStart } from './local-day';

describe('local calendar days as API moments', () => {
  it('starts a day at its local midnight and ends it at its last local millisecond', () => {
    const start = new Date(localDayStart('2026-03-05') as string);
    expect([start.getFullYear(), start.getMonth(), start.getDate(), start.getHours(), start.getMinutes()]).toEqual([
      2026, 2, 5, 0, 0,
    ]);
    const end = new Date(localDayEnd('2026-03-05') as string);
    expect([end.getDate(), end.getHours(), end.getMinutes(), end.getSeconds(), end.getMilliseconds()]).toEqual([
      5, 23, 59, 59, 999,
    ]);
    expect(end.getTime() - start.getTime()).toBeGreaterThan(22 * 3_600_000);
  });

  it('answers nothing for what is not a day', () => {
    expect(localDayStart('')).toBeUndefined();
    expect(localDayEnd('05/03/2026')).toBeUndefined();
  });

  it('finds a range that ends before it starts, and only when both ends are set', () => {
    expect(isReversedRange('2026-03-06', '2026-03-05')).toBe(true);
    expect(isReversedRange('2026-03-05', '2026-03-05')).toBe(false);
    expect(isReversedRange('2026-03-06', '')).toBe(false);
    expect(isReversedRange('', '2026-03-05')).toBe(false);
  });
});
