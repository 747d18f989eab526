import { memberRewardsQuerySchema } from '@uplink/contract/member-rewards';
import { describe, expect, it } from 'vitest';
import {
  defaultRewardsHistoryFilters,
  readRewardsHistoryFilters,
  writeRewardsHistoryFilters,
} from './rewards-history-query';

describe('the rewards history filters in the URL', () => {
  it('reads every filter the page offers', () => {
    const filters = readRewardsHistoryFilters(
      new URLSearchParams('page=3&limit=50&type=DOWNLINE&level=7&sort=-rewardAmount'),
    );
    expect(filters).toEqual({ page: 3, limit: 50, type: 'DOWNLINE', level: 7, sort: '-rewardAmount' });
  });

  it.each([
    ['page=0&limit=7&type=BONUS&level=16&sort=amount'],
    ['page=-2&limit=abc&type=direct&level=0&sort='],
    ['page=1.5&limit=10.5&level=2.5'],
    ['page=%3Cscript%3E'],
  ])('falls back to the defaults for values the API would refuse: %s', (query) => {
    expect(readRewardsHistoryFilters(new URLSearchParams(query))).toEqual(defaultRewardsHistoryFilters);
  });

  it('writes only what differs from the defaults, and keeps other parameters', () => {
    const written = writeRewardsHistoryFilters(
      { ...defaultRewardsHistoryFilters, level: 2, sort: 'createdAt' },
      new URLSearchParams('tab=rewards&page=4'),
    );
    expect(written.toString()).toBe('tab=rewards&level=2&sort=createdAt');
  });

  it('round-trips', () => {
    const filters = { page: 2, limit: 25, type: 'DIRECT' as const, level: 1, sort: 'rewardAmount' as const };
    expect(readRewardsHistoryFilters(writeRewardsHistoryFilters(filters, new URLSearchParams()))).toEqual(filters);
  });

  it("reads each filter by the API's own rule (the contract's schema)", () => {
    const candidates: Record<string, string[]> = {
      page: [
        '1',
        '2',
        '01',
        '1000000',
        '1000001',
        '0',
        '-1',
        '-0',
        '1.0',
        '1e2',
        '0x10',
        ' 2',
        '',
        'abc',
        '12345678901234567',
      ],
      limit: ['10', '25', '50', '100', '010', '5', '0', '-10', '10.0', '1e1', '', 'ten'],
      type: ['DIRECT', 'DOWNLINE', 'direct', 'BONUS', ''],
      level: ['1', '7', '15', '015', '16', '0', '-1', '2.5', '', 'x'],
      sort: ['-createdAt', 'createdAt', '-rewardAmount', 'rewardAmount', 'amount', ''],
    };
    const fields = memberRewardsQuerySchema.shape;
    expect(defaultRewardsHistoryFilters).toEqual(memberRewardsQuerySchema.parse({}));
    for (const [key, values] of Object.entries(candidates)) {
      for (const value of values) {
        const field = fields[key as keyof typeof fields];
        const expected = memberRewardsQuerySchema.parse(field.safeParse(value).success ? { [key]: value } : {});
        expect([key, value, readRewardsHistoryFilters(new URLSearchParams({ [key]: value }))]).toEqual([
          key,
          value,
          expected,
        ]);
      }
    }
  });
});
