import { describe, expect, it } from 'vitest';
import { adminTestAppForFile } from '../../testing/app-for-file';
import {
  bearer,
  createAdministrator,
  createMember,
  sessionHeaders,
  signIn,
  soleAuditRowOf,
} from '../../testing/builders';

describe("an administrator changes a member's status", () => {
  const { t, admin, adminHeaders } = adminTestAppForFile();

  const change = (id: string, status: unknown, headers = adminHeaders) =>
    t.app.inject({ method: 'PUT', url: `/api/users/${id}/status`, headers, payload: { status } });
  const profile = (headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: '/api/users/profile', headers });

  it('locks a member, whose open session is refused at its next call, and unlocks them', async () => {
    const member = await createMember(t.database.db);
    const session = sessionHeaders(t.app, member);
    expect((await profile(session)).statusCode).toBe(200);

    const locked = await change(member.id, 'LOCKED');
    expect(locked.statusCode).toBe(200);
    expect(locked.json()).toMatchObject({
      data: { status: 'LOCKED' },
      message: 'User status updated to LOCKED successfully!',
    });
    expect((await profile(session)).json()).toMatchObject({ errorCode: 'ACCOUNT_LOCKED' });

    expect((await change(member.id, 'ACTIVE')).statusCode).toBe(200);
    const signedInAgain = bearer(await signIn(t.app, member.email));
    expect((await profile(signedInAgain)).statusCode).toBe(200);

    expect((await change(member.id, 'DISABLED')).statusCode).toBe(200);
    expect((await profile(signedInAgain)).json()).toMatchObject({ errorCode: 'ACCOUNT_DISABLED' });
  });

  it.each(['LOCKED', 'DISABLED'])(
    'ends the sessions opened before a change to %s for good: they stay refused once the member is ACTIVE again',
    async (status) => {
      const member = await createMember(t.database.db);
      const before = bearer(await signIn(t.app, member.email));
      expect((await change(member.id, status)).statusCode).toBe(200);
      expect((await change(member.id, 'ACTIVE')).statusCode).toBe(200);

      const refused = await profile(before);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ errorCode: 'UNAUTHORIZED', message: 'Invalid or expired token' });
      expect((await profile(bearer(await signIn(t.app, member.email)))).statusCode).toBe(200);
    },
  );

  it('writes each change to the audit log with the status before and after', async () => {
    const member = await createMember(t.database.db);
    await change(member.id, 'LOCKED');
    expect(await soleAuditRowOf(t.database.db, member.id)).toMatchObject({
      actor_id: admin.id,
      action: 'USER_STATUS_CHANGED',
      target_type: 'USER',
      before: { status: 'ACTIVE' },
      after: { status: 'LOCKED' },
    });
  });

  it('refuses the status the member already has', async () => {
    const member = await createMember(t.database.db);
    const same = await change(member.id, 'ACTIVE');
    expect(same.statusCode).toBe(400);
    expect(same.json()).toMatchObject({
      errorCode: 'INVALID_STATUS',
      message: 'The new status must differ from the current one.',
    });
  });

  it('refuses an administrator, oneself included: an owner suspends or removes them on the Team page', async () => {
    const support = await createAdministrator(t.database.db, 'SUPPORT');
    const owner = await createAdministrator(t.database.db, 'OWNER');
    for (const [id, headers] of [
      [admin.id, adminHeaders],
      [owner.id, sessionHeaders(t.app, support)],
    ] as const) {
      expect((await change(id, 'LOCKED', headers)).json()).toMatchObject({
        errorCode: 'INVALID_STATUS',
        message: 'An administrator is not a member: an owner changes or removes them on the Team page.',
      });
    }
    const owners = await t.database.db.selectFrom('users').select('status').where('id', '=', owner.id).execute();
    expect(owners).toEqual([{ status: 'ACTIVE' }]);
  });

  it('answers USER_NOT_FOUND for an unknown member and VALIDATION_ERROR for an unknown status', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      expect((await change(id, 'LOCKED')).json()).toMatchObject({ errorCode: 'USER_NOT_FOUND' });
    }
    const member = await createMember(t.database.db);
    for (const status of ['BANNED', 'locked', '', null]) {
      expect((await change(member.id, status)).json().errorCode).toBe('VALIDATION_ERROR');
    }
  });
});
