import { describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema';
import { adminTestAppForFile } from '../../testing/app-for-file';
import {
  createAdministrator,
  createMember,
  registrationBody,
  sessionHeaders,
  uniqueEmail,
} from '../../testing/builders';

/**
 * Issue 43: administrators are not members. The network root (the first administrator) keeps the
 * code the first members register with; no other administrator names a sponsor, even one who kept
 * a code for members already under them (migration 0244).
 */
describe('registering with an administrator’s code', () => {
  const { t, admin: root } = adminTestAppForFile();

  const register = (code: string, email = uniqueEmail('newcomer')) =>
    t.app.inject({ method: 'POST', url: '/api/users/register', payload: registrationBody(code, { email }) });
  const sponsorOf = async (email: string) =>
    (await t.database.db.selectFrom('users').select('sponsor_id').where('email', '=', email).executeTakeFirstOrThrow())
      .sponsor_id;

  it('registers under the network root’s code, in any letter case, with the root as sponsor', async () => {
    const email = uniqueEmail('first');
    const answer = await register(root.referral_code.toLowerCase(), email);
    expect(answer.statusCode, answer.body).toBe(201);
    expect(await sponsorOf(email)).toBe(root.id);
  });

  it('refuses another administrator’s code as unknown, at registration and as a link: 400 INVALID_REFERRAL_CODE', async () => {
    const keptCode = await createMember(t.database.db, { adminRole: 'OWNER' });
    const email = uniqueEmail('refused');
    const answer = await register(keptCode.referral_code, email);
    expect({ status: answer.statusCode, code: answer.json().errorCode, message: answer.json().message }).toEqual({
      status: 400,
      code: 'INVALID_REFERRAL_CODE',
      message: 'Invalid referral code. Please check the code and try again.',
    });
    const visit = await t.app.inject({
      method: 'POST',
      url: '/api/referrals/visits',
      payload: { referralCode: keptCode.referral_code },
    });
    expect({ status: visit.statusCode, code: visit.json().errorCode }).toEqual({
      status: 400,
      code: 'INVALID_REFERRAL_CODE',
    });
    const made = await t.database.db.selectFrom('users').select('id').where('email', '=', email).execute();
    expect(made).toEqual([]);
  });

  it('still registers under a member; the profile offers the root its code and no other administrator one', async () => {
    const member = await createMember(t.database.db, { sponsorId: root.id });
    expect((await register(member.referral_code)).statusCode).toBe(201);
    const codeOnProfile = async (user: UserRow) =>
      (await t.app.inject({ method: 'GET', url: '/api/users/profile', headers: sessionHeaders(t.app, user) })).json()
        .data.referralCode;
    expect(await codeOnProfile(root)).toBe(root.referral_code);
    expect(await codeOnProfile(await createAdministrator(t.database.db, 'SUPPORT'))).toBeNull();
    // A code kept for an old downline registers nobody, so it is not offered either.
    expect(await codeOnProfile(await createMember(t.database.db, { adminRole: 'FINANCE' }))).toBeNull();
  });
});
