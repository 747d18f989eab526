import { type Kysely, type Selectable, sql } from 'kysely';
import type { AdminTotpTable, Database } from '../../db/schema';

export type AdminTotpRow = Selectable<AdminTotpTable>;

/** The administrator's factor, enrolled or still waiting for its first code. */
export function findAdminTotp(db: Kysely<Database>, adminId: string): Promise<AdminTotpRow | undefined> {
  return db.selectFrom('admin_totp').selectAll().where('user_id', '=', adminId).executeTakeFirst();
}

/** The factor the administrator signs in with, if enrolment was confirmed. */
export function findEnrolledTotp(db: Kysely<Database>, adminId: string): Promise<AdminTotpRow | undefined> {
  return db
    .selectFrom('admin_totp')
    .selectAll()
    .where('user_id', '=', adminId)
    .where('enrolled_at', 'is not', null)
    .executeTakeFirst();
}

/** The enrolled factor, locked until the transaction ends: the code checks against it hold. */
export function lockEnrolledTotp(trx: Kysely<Database>, adminId: string): Promise<AdminTotpRow | undefined> {
  return trx
    .selectFrom('admin_totp')
    .selectAll()
    .where('user_id', '=', adminId)
    .where('enrolled_at', 'is not', null)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * Starts an enrolment with a new sealed secret, replacing one still waiting for its first code.
 * Resolves false, changing nothing, when the factor is already on.
 */
export async function savePendingEnrolment(
  db: Kysely<Database>,
  adminId: string,
  secretSealed: string,
  at: Date,
): Promise<boolean> {
  const saved = await db
    .insertInto('admin_totp')
    .values({ user_id: adminId, secret_sealed: secretSealed, created_at: at })
    .onConflict((conflict) =>
      conflict
        .column('user_id')
        .doUpdateSet({ secret_sealed: secretSealed, created_at: at })
        .where('admin_totp.enrolled_at', 'is', null),
    )
    .returning('user_id')
    .executeTakeFirst();
  return saved !== undefined;
}

/**
 * Turns the waiting enrolment on, the step of its first code counting as used. Only while it still
 * holds the secret that code was checked against: an enrolment restarted meanwhile is not turned
 * on by the old secret's code, and of two confirmations one wins.
 */
export async function confirmEnrolment(
  trx: Kysely<Database>,
  adminId: string,
  secretSealed: string,
  step: number,
  at: Date,
): Promise<boolean> {
  const confirmed = await trx
    .updateTable('admin_totp')
    .set({ enrolled_at: at, last_step: step })
    .where('user_id', '=', adminId)
    .where('secret_sealed', '=', secretSealed)
    .where('enrolled_at', 'is', null)
    .returning('user_id')
    .executeTakeFirst();
  return confirmed !== undefined;
}

export async function saveRecoveryCodes(trx: Kysely<Database>, adminId: string, codeHashes: string[]): Promise<void> {
  await trx.deleteFrom('admin_totp_recovery_codes').where('user_id', '=', adminId).execute();
  await trx
    .insertInto('admin_totp_recovery_codes')
    .values(codeHashes.map((codeHash) => ({ user_id: adminId, code_hash: codeHash })))
    .execute();
}

export async function countRecoveryCodesLeft(db: Kysely<Database>, adminId: string): Promise<number> {
  const { left } = await db
    .selectFrom('admin_totp_recovery_codes')
    .select((eb) => eb.fn.countAll<string>().as('left'))
    .where('user_id', '=', adminId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(left);
}

/**
 * Accepts a sign-in code of time step `step` in one statement: only a step after the last one
 * accepted (a code is never good twice) and only for the challenge issued at `signIns` sign-ins
 * (a challenge is good for one sign-in). Of two requests with one code, the row lock lets one
 * through; the other finds the step taken.
 */
export async function acceptSignInStep(
  db: Kysely<Database>,
  adminId: string,
  step: number,
  signIns: number,
): Promise<boolean> {
  const accepted = await db
    .updateTable('admin_totp')
    .set({ last_step: step, sign_ins: sql`sign_ins + 1` })
    .where('user_id', '=', adminId)
    .where('enrolled_at', 'is not', null)
    .where('last_step', '<', step)
    .where('sign_ins', '=', signIns)
    .returning('user_id')
    .executeTakeFirst();
  return accepted !== undefined;
}

/** Marks an unused recovery code used (stored as any of `codeHashes`); resolves false for an unknown or used one. */
export async function consumeRecoveryCode(
  trx: Kysely<Database>,
  adminId: string,
  codeHashes: readonly string[],
  at: Date,
): Promise<boolean> {
  const used = await trx
    .updateTable('admin_totp_recovery_codes')
    .set({ used_at: at })
    .where('user_id', '=', adminId)
    .where('code_hash', 'in', codeHashes)
    .where('used_at', 'is', null)
    .returning('user_id')
    .executeTakeFirst();
  return used !== undefined;
}

/**
 * A sign-in with a recovery code: the code is used and the challenge spent together, or nothing
 * changes (a wrong code, or the challenge already spent). The factor's row lock orders two
 * requests with one code.
 */
export function acceptSignInRecoveryCode(
  db: Kysely<Database>,
  adminId: string,
  codeHashes: readonly string[],
  signIns: number,
  at: Date,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const factor = await lockEnrolledTotp(trx, adminId);
    if (!factor || factor.sign_ins !== signIns) return false;
    if (!(await consumeRecoveryCode(trx, adminId, codeHashes, at))) return false;
    await trx.updateTable('admin_totp').set({ sign_ins: sql`sign_ins + 1` }).where('user_id', '=', adminId).execute();
    return true;
  });
}

/** Removes the factor and its recovery codes. */
export async function deleteAdminTotp(trx: Kysely<Database>, adminId: string): Promise<void> {
  await trx.deleteFrom('admin_totp').where('user_id', '=', adminId).execute();
}
