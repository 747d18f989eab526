import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { type Kysely, sql } from 'kysely';

/**
 * Databases opened on the embedded PGlite (one session, and only this process can open them), by
 * their dialect adapter: the one object a handle shares with every handle made from it
 * (`withPlugin`, a transaction, a connection), so any of them finds the database's locks.
 */
const embedded = new WeakMap<object, Set<string>>();

/** Told by `openDatabase` which handles are the embedded database's (see `trySessionLock`). */
// biome-ignore lint/suspicious/noExplicitAny: any schema
export function markEmbedded(db: Kysely<any>): void {
  embedded.set(db.getExecutor().adapter, new Set());
}

/** The embedded database's locks held in this process, or undefined on PostgreSQL. */
// biome-ignore lint/suspicious/noExplicitAny: any schema
function embeddedLocks(db: Kysely<any>): Set<string> | undefined {
  return embedded.get(db.getExecutor().adapter);
}

/** Gives a lock taken by `trySessionLock` back. */
export type SessionLockRelease = () => Promise<void>;

/** For a lock held long (a process's lead): its session is asked every `everyMs`, and `onLost` told when it is gone. */
export interface SessionWatch {
  everyMs: number;
  onLost: (reason: string) => void;
}

/**
 * A lock that lasts as long as this process holds it, and not a moment longer: on PostgreSQL a
 * session-level advisory lock on a connection kept aside for it (the work itself uses the pool's
 * other connections), which PostgreSQL gives up the moment that session ends — the process exits,
 * is killed, or loses the server. The embedded database belongs to one process (DATA_DIR's lock),
 * so there a lock in memory is the whole lock, and its single connection stays free for the work.
 * Resolves the release, or null at once when someone else holds `name`.
 */
export async function trySessionLock(
  // biome-ignore lint/suspicious/noExplicitAny: any schema
  db: Kysely<any>,
  name: string,
  watch?: SessionWatch,
): Promise<SessionLockRelease | null> {
  const inMemory = embeddedLocks(db);
  if (inMemory) {
    if (inMemory.has(name)) return null;
    inMemory.add(name);
    return async () => {
      inMemory.delete(name);
    };
  }
  const key = sessionLockKey(name);
  return new Promise<SessionLockRelease | null>((resolve, reject) => {
    let giveBack = () => {};
    const givenBack = new Promise<void>((done) => {
      giveBack = done;
    });
    // The connection is held in a task of its own, so the caller's work is not "inside" it and may
    // take other connections (GuardedConnectionProvider refuses a task a second one).
    const held = db.connection().execute(async (session) => {
      const { rows } = await sql<{ locked: boolean }>`SELECT pg_try_advisory_lock(${key}) AS locked`.execute(session);
      if (!rows[0]?.locked) {
        resolve(null);
        return;
      }
      resolve(async () => {
        giveBack();
        await held.catch(() => undefined);
      });
      if (watch) {
        // A host cut off from the server: PostgreSQL ends its session (and so the lock) within
        // about 25 s of silence, instead of the operating system's two hours.
        await sql`SELECT set_config('tcp_keepalives_idle', '10', false), set_config('tcp_keepalives_interval', '5', false),
                         set_config('tcp_keepalives_count', '3', false)`.execute(session);
        for (let released = false; !released; ) {
          released = await Promise.race([
            givenBack.then(() => true),
            sleep(watch.everyMs, undefined, { ref: false }).then(() => false),
          ]);
          if (!released) await sql`SELECT 1`.execute(session);
        }
      } else {
        await givenBack;
      }
      await sql`SELECT pg_advisory_unlock(${key})`.execute(session);
    });
    held.catch((error: Error) => {
      reject(error);
      watch?.onLost(error.message);
    });
  });
}

/** Whether anyone, in any process, holds `name` right now (a report's question; the answer may change at once). */
// biome-ignore lint/suspicious/noExplicitAny: any schema
export async function isSessionLockHeld(db: Kysely<any>, name: string): Promise<boolean> {
  const inMemory = embeddedLocks(db);
  if (inMemory) return inMemory.has(name);
  // A 64-bit advisory key shows in pg_locks as its high and low 32 bits (objsubid 1).
  const key = BigInt(sessionLockKey(name));
  const high = String((key >> 32n) & 0xffffffffn);
  const low = String(key & 0xffffffffn);
  const { rows } = await sql<{ held: boolean }>`
    SELECT EXISTS (SELECT 1 FROM pg_locks
                    WHERE locktype = 'advisory' AND granted AND objsubid = 1
                      AND classid::bigint = ${high}::bigint AND objid::bigint = ${low}::bigint) AS held`.execute(db);
  return rows[0]?.held ?? false;
}

/** The advisory lock's 64-bit key for a name. */
export function sessionLockKey(name: string): string {
  return createHash('sha256').update(`uplink:${name}`).digest().readBigInt64BE(0).toString();
}
