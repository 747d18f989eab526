import { describe, expect, it } from 'vitest';
import { pageNumberSchema } from './paging';
import { rewardCycleRunRequestSchema } from './reward-runs';

describe('integers in requests', () => {
  it.each([true, '0x10', '1e1', '0b11', [5], '5', null])('a cycle of %j is refused', (cycle) => {
    expect(rewardCycleRunRequestSchema.safeParse({ cycle, source: 'exchange' }).success).toBe(false);
  });

  it('a cycle that is a JSON integer is taken', () => {
    expect(rewardCycleRunRequestSchema.parse({ cycle: 7, source: 'exchange' })).toEqual({
      cycle: 7,
      source: 'exchange',
    });
  });

  it.each(['0x10', '1e1', '0b11', '1.0', ' 2', '', true, ['2']])('a page of %j is refused', (page) => {
    expect(pageNumberSchema.safeParse(page).success).toBe(false);
  });

  it('a page of decimal digits, or a JS number from a typed client, is taken', () => {
    expect(pageNumberSchema.parse('12')).toBe(12);
    expect(pageNumberSchema.parse('007')).toBe(7);
    expect(pageNumberSchema.parse(3)).toBe(3);
    expect(pageNumberSchema.parse(undefined)).toBe(1);
  });

  it('a negative page says what is wrong with it', () => {
    expect(pageNumberSchema.safeParse('-1').error?.issues[0]?.message).toBe('Page must be at least 1');
  });
});
