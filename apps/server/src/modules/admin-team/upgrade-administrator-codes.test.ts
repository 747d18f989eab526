import { type RawBuilder, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { memberMatches } from '../../db/member-search';
import { migrateToLatest, migrateUpTo } from '../../db/migrator';
import { adminTestAppForFile } from '../../testing/app-for-file';
import { registrationBody, uniqueEmail } from '../../testing/builders';
import { newReferralCode } from '../accounts/referral-codes';

/**
 * Issue 43: the previous release gave every administrator a referral code (`admin-<uuid>` to the
 * invited ones, a typeable one to those made before invitations). Migration 0244 leaves a code to
 * the network root, and to an administrator with members under them, so that no tree names a code
 * nobody holds; only the root's and members' codes still register anyone.
 */
describe('upgrading a database whose administrators hold referral codes', () => {
  const { t, admin: root } = adminTestAppForFile();

  it('clears every administrator’s code but the root’s and a sponsor’s, and refuses the cleared ones', async () => {
    const db = t.database.db;
    await migrateUpTo(db, '0243-administrators-are-not-members');
    const insertAdministrator = async (firstName: string, code: string | RawBuilder<string>) => {
      const { rows } = await sql<{ id: string }>`
        INSERT INTO users (first_name, last_name, email, password_hash, is_email_verified, is_admin, admin_role,
                           admin_status, invited_by, referral_code)
        VALUES (${firstName}, 'Admin', ${uniqueEmail(firstName)}, 'x', true, true, 'SUPPORT', 'ACTIVE', ${root.id},
                ${code})
        RETURNING id`.execute(db);
      return rows[0]?.id as string;
    };
    const invited = await insertAdministrator('Invited', sql<string>`'admin-' || gen_random_uuid()`);
    const typeableCode = newReferralCode();
    const older = await insertAdministrator('Older', typeableCode);
    const sponsorCode = newReferralCode();
    const sponsoring = await insertAdministrator('Sponsoring', sponsorCode);
    const memberCode = newReferralCode();
    await sql`
      INSERT INTO users (first_name, last_name, email, password_hash, referral_code, sponsor_id)
      VALUES ('Under', 'Admin', ${uniqueEmail('under')}, 'x', ${memberCode}, ${sponsoring})`.execute(db);

    expect(await migrateToLatest(db)).toContain('0244-administrators-have-no-referral-code');

    const codes = await db
      .selectFrom('users')
      .select(['id', 'referral_code'])
      .where('id', 'in', [root.id, invited, older, sponsoring])
      .execute();
    expect(Object.fromEntries(codes.map((row) => [row.id, row.referral_code]))).toEqual({
      [root.id]: root.referral_code,
      [invited]: null,
      [older]: null,
      [sponsoring]: sponsorCode,
    });

    const register = (code: string) =>
      t.app.inject({ method: 'POST', url: '/api/users/register', payload: registrationBody(code) });
    for (const code of [typeableCode, sponsorCode]) {
      const refused = await register(code);
      expect({ status: refused.statusCode, code: refused.json().errorCode }).toEqual({
        status: 400,
        code: 'INVALID_REFERRAL_CODE',
      });
    }
    expect((await register(root.referral_code)).statusCode).toBe(201);
    expect((await register(memberCode)).statusCode).toBe(201);

    // An administrator without a code is still found by name (the audit log's actor search).
    const found = await db.selectFrom('users as u').select('u.id').where(memberMatches('u', 'older admin')).execute();
    expect(found).toEqual([{ id: older }]);
  });
});
