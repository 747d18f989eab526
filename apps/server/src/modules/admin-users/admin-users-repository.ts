import type { UserStatus } from '@uplink/contract/constants';
import { type Kysely, sql } from 'kysely';
import type { Database, UserRow } from '../../db/schema';

/** Locks the member's row until the transaction ends: one status change at a time. */
export function lockUser(db: Kysely<Database>, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/**
 * Locks every administrator's row in id order (one order for every caller, so two administrators
 * changing each other at once queue instead of deadlocking) and answers how many are active
 * besides `exceptId`.
 */
export async function lockAdministrators(db: Kysely<Database>, exceptId: string): Promise<number> {
  const { rows } = await sql<{ id: string; status: UserStatus }>`
    SELECT id, status FROM users WHERE is_admin ORDER BY id FOR UPDATE`.execute(db);
  return rows.filter((row) => row.id !== exceptId && row.status === 'ACTIVE').length;
}

export function findUser(db: Kysely<Database>, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function setUserStatus(db: Kysely<Database>, id: string, status: UserStatus, at: Date): Promise<UserRow> {
  return db
    .updateTable('users')
    .set({ status, updated_at: at })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}
