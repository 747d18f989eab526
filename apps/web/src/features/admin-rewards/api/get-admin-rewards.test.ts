import type { AdminRewardsQuery } from '@uplink/contract/admin-rewards';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubBrowserStorage } from '../../../testing/browser-storage';
import { replyWith } from '../../../testing/fetch-reply';
import { getAdminRewards } from './get-admin-rewards';
import { getRewardCycleRuns } from './get-reward-cycle-runs';

const allRewards: AdminRewardsQuery = { page: 1, search: '', type: undefined, level: undefined };

beforeEach(() => {
  stubBrowserStorage();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the admin rewards filters → GET /rewards/admin/all', () => {
  it('leaves out the search, All Types and All Levels', async () => {
    const requested = replyWith({});
    await getAdminRewards(allRewards);
    expect(requested()).toBe('/api/rewards/admin/all?page=1&limit=10&sort=-createdAt');
  });

  it('asks for the page, search, type and level chosen', async () => {
    const requested = replyWith({});
    await getAdminRewards({ page: 3, search: 'ann@example.com', type: 'DOWNLINE', level: 15 });
    expect(requested()).toBe(
      '/api/rewards/admin/all?page=3&limit=10&search=ann%40example.com&type=DOWNLINE&level=15&sort=-createdAt',
    );
  });

  it('trims the search, and a search of spaces is no search', async () => {
    const requested = replyWith({});
    await getAdminRewards({ ...allRewards, search: '  Ann Lee ', type: 'DIRECT' });
    expect(requested()).toBe('/api/rewards/admin/all?page=1&limit=10&search=Ann%20Lee&type=DIRECT&sort=-createdAt');
    await getAdminRewards({ ...allRewards, search: '   ' });
    expect(requested()).toBe('/api/rewards/admin/all?page=1&limit=10&sort=-createdAt');
  });
});

describe('the cycle runs → GET /rewards/admin/cycles', () => {
  it('asks for the page at the admin page size', async () => {
    const requested = replyWith({});
    await getRewardCycleRuns({ page: 2 });
    expect(requested()).toBe('/api/rewards/admin/cycles?page=2&limit=10');
  });
});
