import { describe, expect, it } from 'vitest';
import { daysLeft } from './locked-rewards';

describe('days left before a locked reward is forfeited', () => {
  const now = new Date('2026-11-23T12:00:00.000Z');
  it.each([
    ['2026-12-23T12:00:00.000Z', 30],
    ['2026-11-24T00:00:00.000Z', 1],
    ['2026-11-23T12:00:00.000Z', 0],
    ['2026-11-01T00:00:00.000Z', 0],
  ])('%s → %i', (deadline, days) => {
    expect(daysLeft(deadline, now)).toBe(days);
  });
});
