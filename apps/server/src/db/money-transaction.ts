import { setTimeout as sleep } from 'node:timers/promises';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema';

/** Runs of a transaction PostgreSQL aborted as a deadlock victim or a serialization failure, before it gives up. */
export const moneyTransactionAttempts = 4;

/** PostgreSQL aborted the transaction to break a deadlock (40P01) or a serialization conflict (40001). */
export function isRetriableAbort(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '40P01' || code === '40001';
}

/**
 * One transaction of money work, run again from the start when PostgreSQL aborts it as a
 * deadlock victim or on a serialization failure (at most `moneyTransactionAttempts` runs, with a
 * short random pause so the survivors do not collide again). Safe only for work whose every effect
 * is inside the transaction — rows, the mail outbox, the audit log — and which reads its inputs
 * again inside it: an aborted run left nothing behind. Never wrap a chain payment or a mail send.
 */
export async function moneyTransaction<T>(
  db: Kysely<Database>,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction().execute(work);
    } catch (error) {
      if (!isRetriableAbort(error) || attempt >= moneyTransactionAttempts) throw error;
      await sleep(Math.floor(Math.random() * 20 * attempt));
    }
  }
}
