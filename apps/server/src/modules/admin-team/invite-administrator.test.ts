import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema';
import { createAdministrator, createMember, mailTo, sessionHeaders, uniqueEmail } from '../../testing/builders';
import { createTestApp, type TestApp } from '../../testing/test-app';

describe('an owner invites an administrator', () => {
  let t: TestApp;
  let owner: UserRow;
  let otherOwner: UserRow;
  let headers: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createAdministrator(t.database.db, 'OWNER', { firstName: 'Olga' });
    otherOwner = await createAdministrator(t.database.db, 'OWNER');
    headers = sessionHeaders(t.app, owner);
  }, 180_000);
  afterAll(() => t?.close());

  const invite = (payload: Record<string, unknown>, as = headers) =>
    t.app.inject({ method: 'POST', url: '/api/admin/team/invitations', headers: as, payload });
  const team = () => t.app.inject({ method: 'GET', url: '/api/admin/team', headers });
  const invitation = (email = uniqueEmail('finance')) => ({
    email,
    firstName: 'Fin',
    lastName: 'Ance',
    role: 'FINANCE',
  });

  it('answers 201 with the invitation, mails a one-use link valid 72 hours, tells every owner and audits it', async () => {
    const body = invitation();
    const answer = await invite(body);
    expect(answer.statusCode).toBe(201);
    const created = answer.json().data;
    expect(created).toMatchObject({
      email: body.email,
      role: 'FINANCE',
      invitedBy: { _id: owner.id, firstName: 'Olga' },
    });
    const validFor = new Date(created.expiresAt).getTime() - Date.now();
    expect(validFor).toBeGreaterThan(71.9 * 3_600_000);
    expect(validFor).toBeLessThanOrEqual(72 * 3_600_000);

    const [mail] = await mailTo(t.database.db, body.email);
    expect(mail?.text).toMatch(/\/admin\/invitation\?token=[A-Za-z0-9_-]{40,}/);
    expect(mail?.text).toContain('Finance');
    for (const anOwner of [owner, otherOwner]) {
      const [notice] = await mailTo(t.database.db, anOwner.email);
      expect(notice?.text).toContain(`invited Fin Ance (${body.email}) to the team as Finance`);
    }
    const audit = await t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('target_id', '=', created._id)
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ actor_id: owner.id, action: 'ADMIN_INVITED', target_type: 'ADMIN_INVITATION' });

    // Only the hash of the link's token is stored.
    const token = mail?.text.match(/token=([A-Za-z0-9_-]+)/)?.[1] as string;
    const stored = await t.database.db
      .selectFrom('admin_invitations')
      .selectAll()
      .where('id', '=', created._id)
      .executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toContain(token);

    const listed = (await team()).json().data;
    expect(listed.invitations).toContainEqual(created);
    expect(listed.administrators.map((administrator: { _id: string }) => administrator._id)).toEqual(
      expect.arrayContaining([owner.id, otherOwner.id]),
    );
  });

  it('refuses an address that has an account: 409 USER_EXISTS', async () => {
    const member = await createMember(t.database.db);
    const answer = await invite(invitation(member.email.toUpperCase()));
    expect(answer.statusCode).toBe(409);
    expect(answer.json().errorCode).toBe('USER_EXISTS');
  });

  it('refuses an address with a pending invitation (409 ADMIN_INVITATION_EXISTS), but not once it expired', async () => {
    const body = invitation();
    expect((await invite(body)).statusCode).toBe(201);
    const again = await invite({ ...body, role: 'SUPPORT' }, sessionHeaders(t.app, otherOwner));
    expect(again.statusCode).toBe(409);
    expect(again.json().errorCode).toBe('ADMIN_INVITATION_EXISTS');

    t.clock.set(new Date(Date.now() + 73 * 3_600_000));
    try {
      expect((await invite(body)).statusCode).toBe(201);
      const statuses = await t.database.db
        .selectFrom('admin_invitations')
        .select('status')
        .where('email', '=', body.email)
        .orderBy('created_at')
        .execute();
      expect(statuses.map((row) => row.status)).toEqual(['EXPIRED', 'PENDING']);
    } finally {
      t.clock.set(new Date());
    }
  });

  it('validates the body: address, names and one of the four roles', async () => {
    const answer = await invite({ email: 'not-an-address', firstName: '', lastName: 'X', role: 'ADMIN' });
    expect(answer.statusCode).toBe(400);
    const fields = answer.json().data.errors.map((error: { field: string }) => error.field);
    expect(fields).toEqual(expect.arrayContaining(['email', 'firstName', 'role']));
  });

  it('revokes a pending invitation: gone from the team, audited, a second revoke finds none', async () => {
    const created = (await invite(invitation())).json().data;
    const revoke = () => t.app.inject({ method: 'DELETE', url: `/api/admin/team/invitations/${created._id}`, headers });
    expect((await revoke()).statusCode).toBe(200);
    expect((await team()).json().data.invitations).not.toContainEqual(created);
    const again = await revoke();
    expect(again.statusCode).toBe(404);
    expect(again.json().errorCode).toBe('NOT_FOUND');
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_id', '=', created._id)
      .orderBy('id')
      .execute();
    expect(audit.map((row) => row.action)).toEqual(['ADMIN_INVITED', 'ADMIN_INVITATION_REVOKED']);
  });

  it.each(['FINANCE', 'SUPPORT', 'ANALYST'] as const)('lets no %s manage the team', async (role) => {
    const administrator = await createAdministrator(t.database.db, role);
    const as = sessionHeaders(t.app, administrator);
    const answer = await invite(invitation(), as);
    expect({ status: answer.statusCode, code: answer.json().errorCode }).toEqual({ status: 403, code: 'FORBIDDEN' });
  });
});
