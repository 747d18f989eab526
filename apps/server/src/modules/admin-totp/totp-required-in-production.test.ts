import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema';
import { createAdministrator, createMember, sessionHeaders, storedWithdrawalStatus } from '../../testing/builders';
import { batchOf, seedPendingWithdrawals } from '../../testing/payout-builders';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { enrolledAdministrator } from '../../testing/totp-builders';
import { SandboxExchangeGateway } from '../exchange/sandbox-exchange-gateway';

/**
 * In production an administrator without two-factor sign-in is answered by no admin route but
 * their own second factor's (ADMIN_TOTP_REQUIRED), decides, batches and exports no payout, and
 * changes nothing by trying; their session stands, so they can turn it on. Outside production the
 * same administrator may.
 */
describe('every administrator needs TOTP in production', () => {
  let t: TestApp;
  let withoutTotp: UserRow;
  let withTotp: Record<string, string>;
  let batchId: string;
  let withdrawalId: string;

  beforeAll(async () => {
    // Production settings apart from the outside services: no chain, the sandbox exchange.
    t = await createTestApp(
      { production: true },
      { depositChain: null, exchangeGateway: new SandboxExchangeGateway() },
    );
    withoutTotp = await createMember(t.database.db, { isAdmin: true });
    withTotp = (await enrolledAdministrator(t)).headers;
    const member = await createMember(t.database.db);
    const ids = await seedPendingWithdrawals(t.database.db, member, ['10', '20']);
    withdrawalId = ids[1] as string;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/withdrawals/admin/batches',
      headers: withTotp,
      payload: { withdrawalIds: [ids[0]] },
    });
    expect(created.statusCode).toBe(200);
    batchId = created.json().data._id;
  });
  afterAll(() => t?.close());

  const payoutCalls = () => [
    { method: 'PUT' as const, url: `/api/withdrawals/${withdrawalId}`, payload: { status: 'REJECTED', reason: 'No' } },
    { method: 'POST' as const, url: `/api/withdrawals/admin/${withdrawalId}/release-payment` },
    { method: 'POST' as const, url: '/api/withdrawals/admin/batches', payload: { withdrawalIds: [withdrawalId] } },
    { method: 'DELETE' as const, url: `/api/withdrawals/admin/batches/${batchId}` },
    { method: 'POST' as const, url: `/api/withdrawals/admin/batches/${batchId}/approve` },
    { method: 'GET' as const, url: `/api/withdrawals/admin/batches/${batchId}/export?format=safe-csv` },
    { method: 'GET' as const, url: `/api/withdrawals/admin/batches/${batchId}/export?format=safe-json` },
    {
      method: 'POST' as const,
      url: `/api/withdrawals/admin/batches/${batchId}/release`,
      payload: { reason: 'Safe transaction rejected' },
    },
  ];

  it('refuses every payout decision, batch and export of an administrator without TOTP, changing nothing', async () => {
    const auditBefore = await t.database.db.selectFrom('audit_log').select('id').execute();
    for (const call of payoutCalls()) {
      const answer = await t.app.inject({ ...call, headers: sessionHeaders(t.app, withoutTotp) });
      expect(answer.statusCode, `${call.method} ${call.url}`).toBe(403);
      expect(answer.json().errorCode, `${call.method} ${call.url}`).toBe('ADMIN_TOTP_REQUIRED');
    }
    expect(await storedWithdrawalStatus(t.database.db, withdrawalId)).toBe('PENDING');
    expect(await t.database.db.selectFrom('payout_batches').select('id').execute()).toHaveLength(1);
    expect(await t.database.db.selectFrom('audit_log').select('id').execute()).toEqual(auditBefore);
  });

  it('refuses the same administrator every read, of any role, until they turn TOTP on', async () => {
    const analyst = await createAdministrator(t.database.db, 'ANALYST');
    for (const administrator of [withoutTotp, analyst]) {
      for (const url of [
        '/api/withdrawals/admin/batches',
        `/api/withdrawals/admin/batches/${batchId}`,
        '/api/users/admin/overall-stats',
        '/api/admin/audit-log',
        '/api/admin/team',
      ]) {
        const answer = await t.app.inject({ method: 'GET', url, headers: sessionHeaders(t.app, administrator) });
        expect({ url, status: answer.statusCode, code: answer.json().errorCode }).toEqual({
          url,
          status: 403,
          // The role is checked first: an analyst is refused the audit log and the team for what they are.
          code: administrator === analyst && /audit-log|team/.test(url) ? 'FORBIDDEN' : 'ADMIN_TOTP_REQUIRED',
        });
      }
    }
  });

  it('lets them reach their profile and their second factor, to turn it on', async () => {
    const headers = sessionHeaders(t.app, withoutTotp);
    const profile = await t.app.inject({ method: 'GET', url: '/api/users/profile', headers });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().data).toMatchObject({ isAdmin: true, adminRole: 'OWNER' });
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/totp', headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/totp/enrolment', headers })).statusCode).toBe(200);
  });

  it('lets an administrator with TOTP through', async () => {
    const exported = await t.app.inject({
      method: 'GET',
      url: `/api/withdrawals/admin/batches/${batchId}/export?format=safe-csv`,
      headers: withTotp,
    });
    expect(exported.statusCode).toBe(200);
    const rejected = await t.app.inject({
      method: 'PUT',
      url: `/api/withdrawals/${withdrawalId}`,
      headers: withTotp,
      payload: { status: 'REJECTED', reason: 'Wrong wallet' },
    });
    expect(rejected.statusCode).toBe(200);
  });

  it('asks nothing of administrators outside production', async () => {
    const local = await createTestApp();
    try {
      const administrator = await createMember(local.database.db, { isAdmin: true });
      const member = await createMember(local.database.db);
      const ids = await seedPendingWithdrawals(local.database.db, member, ['5']);
      const localBatch = await batchOf(local.app, administrator, ids);
      const answer = await local.app.inject({
        method: 'GET',
        url: `/api/withdrawals/admin/batches/${localBatch}/export?format=safe-csv`,
        headers: sessionHeaders(local.app, administrator),
      });
      expect(answer.statusCode).toBe(200);
    } finally {
      await local.close();
    }
  });
});
