import type { AdminRole } from '@uplink/contract/admin-roles';
import { describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema';
import { adminTestAppForFile } from '../../testing/app-for-file';
import { bearer, createAdministrator, mailTo, sessionHeaders, signIn } from '../../testing/builders';
import { holdLocks, lockWaiters } from '../../testing/lock-holder';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe('an owner changes, suspends, reinstates and removes administrators', () => {
  const { t, admin: owner, adminHeaders: headers } = adminTestAppForFile();

  const setRole = (id: string, role: AdminRole, as = headers) =>
    t.app.inject({ method: 'PUT', url: `/api/admin/team/${id}`, headers: as, payload: { role } });
  const act = (id: string, action: 'suspend' | 'reinstate', as = headers) =>
    t.app.inject({ method: 'POST', url: `/api/admin/team/${id}/${action}`, headers: as });
  const remove = (id: string, as = headers) =>
    t.app.inject({ method: 'DELETE', url: `/api/admin/team/${id}`, headers: as });
  const profile = (as: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: '/api/users/profile', headers: as });
  const signedIn = async (administrator: UserRow) => bearer(await signIn(t.app, administrator.email));
  const auditOf = (id: string) =>
    t.database.db.selectFrom('audit_log').selectAll().where('target_id', '=', id).orderBy('id').execute();

  it('changes a role: the sessions end at once (401), the next sign-in has the new role, audited and mailed', async () => {
    const finance = await createAdministrator(t.database.db, 'FINANCE', { firstName: 'Fiona' });
    const session = await signedIn(finance);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/audit-log', headers: session })).statusCode).toBe(200);

    const changed = await setRole(finance.id, 'ANALYST');
    expect(changed.statusCode).toBe(200);
    const refused = await profile(session);
    expect({ status: refused.statusCode, code: refused.json().errorCode }).toEqual({
      status: 401,
      code: 'UNAUTHORIZED',
    });

    const again = await signedIn(finance);
    expect((await profile(again)).json().data).toMatchObject({ adminRole: 'ANALYST' });
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/audit-log', headers: again })).statusCode).toBe(403);

    const [audit] = await auditOf(finance.id);
    expect(audit).toMatchObject({
      actor_id: owner.id,
      action: 'ADMIN_ROLE_CHANGED',
      target_type: 'ADMINISTRATOR',
      before: { role: 'FINANCE', status: 'ACTIVE' },
      after: { role: 'ANALYST', status: 'ACTIVE' },
    });
    const [notice] = await mailTo(t.database.db, owner.email);
    expect(notice?.text).toContain('made Fiona Lovelace Analyst.');
  });

  it('suspends: sessions end (401 ADMIN_SUSPENDED), sign-in is refused until reinstated', async () => {
    const support = await createAdministrator(t.database.db, 'SUPPORT');
    const session = await signedIn(support);
    expect((await act(support.id, 'suspend')).statusCode).toBe(200);
    const refused = await profile(session);
    expect({ status: refused.statusCode, code: refused.json().errorCode }).toEqual({
      status: 401,
      code: 'ADMIN_SUSPENDED',
    });
    const signInAnswer = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: support.email, password: 'Sunny!Day42' },
    });
    expect(signInAnswer.json().errorCode).toBe('ADMIN_SUSPENDED');
    expect((await act(support.id, 'suspend')).json().errorCode).toBe('INVALID_STATUS');

    expect((await act(support.id, 'reinstate')).statusCode).toBe(200);
    expect((await profile(session)).statusCode).toBe(401);
    expect((await profile(await signedIn(support))).statusCode).toBe(200);
    expect((await act(support.id, 'reinstate')).json().errorCode).toBe('INVALID_STATUS');
    expect((await auditOf(support.id)).map((row) => row.action)).toEqual(['ADMIN_SUSPENDED', 'ADMIN_REINSTATED']);
  });

  it('removes: sessions end, the address no longer signs in and may be invited again', async () => {
    const analyst = await createAdministrator(t.database.db, 'ANALYST');
    const session = await signedIn(analyst);
    expect((await remove(analyst.id)).statusCode).toBe(200);
    expect((await profile(session)).statusCode).toBe(401);
    const signInAnswer = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: analyst.email, password: 'Sunny!Day42' },
    });
    expect(signInAnswer.statusCode).toBe(401);
    const team = (await t.app.inject({ method: 'GET', url: '/api/admin/team', headers })).json().data;
    expect(team.administrators.map((administrator: { _id: string }) => administrator._id)).not.toContain(analyst.id);
    const reinvited = await t.app.inject({
      method: 'POST',
      url: '/api/admin/team/invitations',
      headers,
      payload: { email: analyst.email, firstName: 'Ana', lastName: 'Lyst', role: 'ANALYST' },
    });
    expect(reinvited.statusCode).toBe(201);
    expect((await remove(analyst.id)).json().errorCode).toBe('NOT_FOUND');
    expect((await auditOf(analyst.id)).map((row) => row.action)).toEqual(['ADMIN_REMOVED']);
  });

  it('revokes the pending invitations of an owner who stops being one: their links stop working', async () => {
    const other = await createAdministrator(t.database.db, 'OWNER');
    const invited = await t.app.inject({
      method: 'POST',
      url: '/api/admin/team/invitations',
      headers: sessionHeaders(t.app, other),
      payload: { email: `invited.${other.id}@example.test`, firstName: 'In', lastName: 'Vited', role: 'FINANCE' },
    });
    expect(invited.statusCode).toBe(201);
    expect((await act(other.id, 'suspend')).statusCode).toBe(200);
    const invitation = await t.database.db
      .selectFrom('admin_invitations')
      .select('status')
      .where('id', '=', invited.json().data._id)
      .executeTakeFirstOrThrow();
    expect(invitation.status).toBe('REVOKED');
    const [audit] = await auditOf(other.id);
    expect(audit?.after).toEqual({ role: 'OWNER', status: 'SUSPENDED', invitationsRevoked: 1 });
  });

  it('lets nobody change their own role, suspend or remove themselves: 409 ADMIN_SELF_CHANGE', async () => {
    for (const answer of [await setRole(owner.id, 'FINANCE'), await act(owner.id, 'suspend'), await remove(owner.id)]) {
      expect({ status: answer.statusCode, code: answer.json().errorCode }).toEqual({
        status: 409,
        code: 'ADMIN_SELF_CHANGE',
      });
    }
    expect((await profile(headers)).json().data).toMatchObject({ adminRole: 'OWNER' });
  });

  it('answers 404 for an id that is no administrator, a member’s included', async () => {
    const member = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('is_admin', '=', false)
      .executeTakeFirst();
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id', ...(member ? [member.id] : [])]) {
      expect((await setRole(id, 'FINANCE')).json().errorCode).toBe('NOT_FOUND');
    }
  });

  it.runIf(onPostgres)(
    'leaves one owner when the last two demote, suspend or remove each other at once: the other is LAST_OWNER',
    async () => {
      const changes = [
        (id: string, as: Record<string, string>) => setRole(id, 'FINANCE', as),
        (id: string, as: Record<string, string>) => act(id, 'suspend', as),
        (id: string, as: Record<string, string>) => remove(id, as),
      ];
      for (const change of changes) {
        // The team is reduced to two active owners, each about to change the other.
        await t.database.db
          .updateTable('users')
          .set({ admin_role: 'ANALYST' })
          .where('is_admin', '=', true)
          .where('admin_role', '=', 'OWNER')
          .execute();
        const first = await createAdministrator(t.database.db, 'OWNER');
        const second = await createAdministrator(t.database.db, 'OWNER');
        const sign = (administrator: UserRow) => sessionHeaders(t.app, administrator);
        // Both requests pass their guard, then queue on the team's rows: neither sees the other's change.
        const held = await holdLocks(t.database, [`SELECT 1 FROM users WHERE id = '${first.id}' FOR UPDATE`]);
        const answers = Promise.all([change(second.id, sign(first)), change(first.id, sign(second))]);
        await lockWaiters(t.database, 2);
        await held.release();
        const outcomes = (await answers).map((answer) => ({
          status: answer.statusCode,
          code: answer.json().errorCode,
        }));
        expect(outcomes).toEqual(
          expect.arrayContaining([
            { status: 200, code: null },
            { status: 409, code: 'LAST_OWNER' },
          ]),
        );
        const owners = await t.database.db
          .selectFrom('users')
          .select('id')
          .where('is_admin', '=', true)
          .where('admin_role', '=', 'OWNER')
          .where('admin_status', '=', 'ACTIVE')
          .where('deleted_at', 'is', null)
          .execute();
        expect(owners).toHaveLength(1);
      }
    },
  );
});
