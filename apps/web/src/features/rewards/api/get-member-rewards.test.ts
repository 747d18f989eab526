import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubBrowserStorage } from '../../../testing/browser-storage';
import { replyWith } from '../../../testing/fetch-reply';
import { defaultRewardsHistoryFilters, readRewardsHistoryFilters } from '../utils/rewards-history-query';
import { getMemberRewards } from './get-member-rewards';

const page = {
  rewards: [],
  pagination: { currentPage: 1, totalPages: 0, totalRecords: 0, limit: 10, hasNext: false, hasPrev: false },
};

beforeEach(() => {
  stubBrowserStorage();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the rewards history filters → GET /rewards/user', () => {
  it('asks for the page, size, type, level and sort chosen', async () => {
    const requested = replyWith(page);
    const filters = readRewardsHistoryFilters(
      new URLSearchParams('tab=rewards&page=2&limit=25&type=DOWNLINE&level=3&sort=-rewardAmount'),
    );
    expect(await getMemberRewards(filters)).toEqual(page);
    expect(requested()).toBe('/api/rewards/user?page=2&limit=25&type=DOWNLINE&level=3&sort=-rewardAmount');
  });

  it('leaves out All Types and All Levels', async () => {
    const requested = replyWith(page);
    await getMemberRewards(defaultRewardsHistoryFilters);
    expect(requested()).toBe('/api/rewards/user?page=1&limit=10&sort=-createdAt');
  });

  it('never forwards a value the API would refuse', async () => {
    const requested = replyWith(page);
    await getMemberRewards(readRewardsHistoryFilters(new URLSearchParams('limit=1000&type=ALL&level=0&sort=hack')));
    expect(requested()).toBe('/api/rewards/user?page=1&limit=10&sort=-createdAt');
  });
});
