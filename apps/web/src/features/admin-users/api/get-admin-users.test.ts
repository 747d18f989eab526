import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubBrowserStorage } from '../../../testing/browser-storage';
import { replyWith } from '../../../testing/fetch-reply';
import { getAdminUsers } from './get-admin-users';

beforeEach(() => {
  stubBrowserStorage();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the users screen → GET /users/admin/all', () => {
  it('asks for the page at the admin page size, newest first, without an empty search', async () => {
    const requested = replyWith({});
    await getAdminUsers({ page: 1, search: '' });
    expect(requested()).toBe('/api/users/admin/all?page=1&limit=10&sort=-createdAt');
    await getAdminUsers({ page: 2, search: '   ' });
    expect(requested()).toBe('/api/users/admin/all?page=2&limit=10&sort=-createdAt');
  });

  it('sends the trimmed search', async () => {
    const requested = replyWith({});
    await getAdminUsers({ page: 1, search: ' ann@example.com ' });
    expect(requested()).toBe('/api/users/admin/all?page=1&limit=10&search=ann%40example.com&sort=-createdAt');
  });
});
