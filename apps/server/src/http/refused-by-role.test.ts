import type { AdminRole } from '@uplink/contract/admin-roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdministrator, sessionHeaders } from '../testing/builders';
import { createTestApp, type TestApp } from '../testing/test-app';

const someId = '00000000-0000-4000-8000-000000000000';

/**
 * An administrator whose role lacks a route's permission (the screens hide what it may not do, so
 * mostly a role changed meanwhile) is refused with the roles that can, read off the contract's table.
 */
describe('an administrator refused by their role', () => {
  let t: TestApp;
  const headers = {} as Record<AdminRole, Record<string, string>>;

  beforeAll(async () => {
    t = await createTestApp();
    for (const role of ['FINANCE', 'SUPPORT', 'ANALYST'] as const) {
      headers[role] = sessionHeaders(t.app, await createAdministrator(t.database.db, role));
    }
  }, 180_000);
  afterAll(() => t?.close());

  it.each([
    {
      role: 'ANALYST' as const,
      url: `/api/admin/risk/events/${someId}/resolve`,
      message: 'Your role does not allow this. Owner or Finance can.',
    },
    {
      role: 'SUPPORT' as const,
      url: '/api/withdrawals/admin/batches',
      message: 'Your role does not allow this. Owner or Finance can.',
    },
    {
      role: 'FINANCE' as const,
      url: '/api/admin/team/invitations',
      message: 'Your role does not allow this. Owner can.',
    },
  ])('is told which roles can: $role on POST $url', async ({ role, url, message }) => {
    const answer = await t.app.inject({ method: 'POST', url, headers: headers[role], payload: {} });
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toMatchObject({ success: false, errorCode: 'FORBIDDEN', message });
  });
});
