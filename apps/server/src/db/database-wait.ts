import { setTimeout as sleep } from 'node:timers/promises';
import { type Kysely, sql } from 'kysely';

/** A database that did not answer a start or a command within DATABASE_WAIT_TIMEOUT_MS, or refused its credentials. */
export class DatabaseUnreachableError extends Error {
  override name = 'DatabaseUnreachableError';
}

/** PostgreSQL's answers that waiting will not change: wrong password, no such role, no right to connect. */
const refusedCredentials = new Set(['28P01', '28000', '42501']);

/** The innermost error: the connection provider wraps the driver's error in its own. */
function rootCause(error: unknown): { code?: string; message: string } {
  let current = error as { cause?: unknown; code?: string; message?: string };
  while (current?.cause && current.code === undefined) current = current.cause as typeof current;
  return { code: current?.code, message: current?.message || String(error) };
}

/** A database named for a person: its address without the password. */
export function databaseLabel(databaseUrl: string | undefined, dataDir: string): string {
  if (!databaseUrl) return `the embedded database in ${dataDir}`;
  const url = new URL(databaseUrl);
  return `the database at ${url.hostname}:${url.port || 5432}${url.pathname}`;
}

/**
 * Asks the database until it answers, for at most `timeoutMs` (DATABASE_WAIT_TIMEOUT_MS): a
 * database that starts beside the server (a container, a failover) is waited for, as requests
 * wait for a connection; one that does not answer in time, or refuses the credentials, ends the
 * start with one line that names it and says why.
 */
// biome-ignore lint/suspicious/noExplicitAny: any schema
export async function waitForDatabase(db: Kysely<any>, timeoutMs: number, label: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await sql`SELECT 1`.execute(db);
      return;
    } catch (error) {
      const cause = rootCause(error);
      if (cause.code && refusedCredentials.has(cause.code)) {
        throw new DatabaseUnreachableError(`${label} refused the connection: ${cause.message}`);
      }
      if (Date.now() + 500 >= deadline) {
        throw new DatabaseUnreachableError(
          `${label} did not answer within ${Math.round(timeoutMs / 1000)} s (DATABASE_WAIT_TIMEOUT_MS): ${cause.message}`,
        );
      }
      await sleep(500);
    }
  }
}
