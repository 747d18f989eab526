import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubBrowserStorage } from '../../../testing/browser-storage';
import { getAdminUsers } from './get-admin-users';

/** Answers every call with an empty success envelope; gives the URL last asked for. */
function replyWith(data: unknown) {
  const envelope = JSON.stringify({ success: true, message: '', data, error: null, errorCode: null });
  const fetchMock = vi.fn(async () => new Response(envelope, { headers: { 'content-type': 'application/json' } }));
  vi.stubGlobal('fetch', fetchMock);
  return () => (fetchMock.mock.calls.at(-1) as unknown as [string])[0];
}

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
