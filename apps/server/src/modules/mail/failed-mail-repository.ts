import { type Kysely, sql } from 'kysely';
import type { PageWindow } from '../../db/list-page';
import type { Database, MailRow } from '../../db/schema';

export type FailedMailRow = Pick<
  MailRow,
  'id' | 'kind' | 'subject' | 'to_address' | 'attempts' | 'last_error' | 'failed_at' | 'expires_at'
> & {
  /** Whether the link or code in it still works (always for a notice), by the database's clock. */
  content_valid: boolean;
};

/** A page of failed mail, newest failure first (the partial index `mail_outbox_failed_idx`). */
export function findFailedMailPage(db: Kysely<Database>, window: PageWindow): Promise<FailedMailRow[]> {
  return db
    .selectFrom('mail_outbox')
    .select(['id', 'kind', 'subject', 'to_address', 'attempts', 'last_error', 'failed_at', 'expires_at'])
    .select(sql<boolean>`expires_at IS NULL OR expires_at > now()`.as('content_valid'))
    .where('status', '=', 'FAILED')
    .orderBy('failed_at', 'desc')
    .orderBy('id', 'desc')
    .limit(window.limit)
    .offset(window.offset)
    .execute();
}

export async function countFailedMail(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('mail_outbox')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('status', '=', 'FAILED')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Locks one mail for a decision on it, with whether its content still works; undefined when there is none. */
export function lockMail(
  db: Kysely<Database>,
  id: string,
): Promise<
  (Pick<MailRow, 'id' | 'kind' | 'status' | 'attempts' | 'last_error'> & { content_valid: boolean }) | undefined
> {
  return db
    .selectFrom('mail_outbox')
    .select(['id', 'kind', 'status', 'attempts', 'last_error'])
    .select(sql<boolean>`expires_at IS NULL OR expires_at > now()`.as('content_valid'))
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * Puts a failed mail back in the outbox, due now, with fresh attempts and a fresh round
 * (`queued_at`: a notice is retried for MAIL_RETRY_HOURS from now; a link or code until it expires).
 */
export async function requeueMail(db: Kysely<Database>, id: string): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({
      status: 'PENDING',
      attempts: 0,
      next_attempt_at: sql`now()`,
      queued_at: sql`now()`,
      failed_at: null,
    })
    .where('id', '=', id)
    .execute();
}
