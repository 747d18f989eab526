import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubBrowserStorage } from '../../../testing/browser-storage';
import { replyWith } from '../../../testing/fetch-reply';
import { getAdminUserDetail } from './get-admin-user-detail';

beforeEach(() => {
  stubBrowserStorage();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the user detail screen → GET /users/admin/{id}', () => {
  it('asks for the member with a page of rewards and a page of withdrawals, 10 each', async () => {
    const requested = replyWith({});
    await getAdminUserDetail('5b0e7a52-8f5e-4d8b-9c61-0a4a3a1d2f10', { rewardsPage: 2, withdrawalsPage: 3 });
    expect(requested()).toBe(
      '/api/users/admin/5b0e7a52-8f5e-4d8b-9c61-0a4a3a1d2f10?includeRewards=true&includeWithdrawals=true&rewardsPage=2&rewardsLimit=10&withdrawalsPage=3&withdrawalsLimit=10',
    );
  });

  it('keeps an id from the address bar inside its path segment', async () => {
    const requested = replyWith({});
    await getAdminUserDetail('../all', { rewardsPage: 1, withdrawalsPage: 1 });
    expect(requested()).toMatch(/^\/api\/users\/admin\/\.\.%2Fall\?/);
  });
});
