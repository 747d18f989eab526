import { AsyncLocalStorage } from 'node:async_hooks';
import type { ConnectionProvider, DatabaseConnection, Driver } from 'kysely';

/** How long a statement or transaction waits for a connection unless told otherwise. */
export const defaultWaitTimeoutMs = 15_000;

/**
 * No connection became free within the wait timeout (every one busy with other requests), or
 * none could be opened (the server is down): the API answers 503, try again shortly.
 */
export class DatabaseUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`no database connection available: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'DatabaseUnavailableError';
  }
}

/**
 * Code that holds a connection (inside a transaction callback, or `db.connection()`) asked for
 * another one through the root handle. With the embedded database's single connection it would
 * wait for itself forever; on PostgreSQL it deadlocks as soon as every pooled connection is held
 * that way. It is a programming error: use the transaction handle (`trx`) inside the callback.
 */
export class NestedConnectionError extends Error {
  constructor() {
    super('a second database connection was asked for while this task holds one: use the transaction handle');
    this.name = 'NestedConnectionError';
  }
}

interface Hold {
  held: boolean;
}

/** Told how long each statement or transaction waited for its connection, in seconds (the metrics). */
export type ConnectionWaitObserver = (seconds: number) => void;

/**
 * Hands Kysely a connection for each statement and each transaction, in the pool's
 * first-come-first-served order (the wait is bounded: see `DatabaseUnavailableError`), with one
 * rule on top: a task never waits for a connection while it holds one (`NestedConnectionError`,
 * at once, instead of a deadlock). The hold is tracked per async task, so work that merely
 * started inside a transaction and runs after its commit is not affected.
 */
export class GuardedConnectionProvider implements ConnectionProvider {
  readonly #driver: Driver;
  readonly #onConnectionWait: ConnectionWaitObserver | undefined;
  readonly #holds = new AsyncLocalStorage<Hold>();
  #closed = false;

  constructor(driver: Driver, onConnectionWait?: ConnectionWaitObserver) {
    this.#driver = driver;
    this.#onConnectionWait = onConnectionWait;
  }

  /** After the database handle is closed, a statement is a programming error, not a busy database. */
  close(): void {
    this.#closed = true;
  }

  async provideConnection<T>(consumer: (connection: DatabaseConnection) => Promise<T>): Promise<T> {
    if (this.#closed) throw new Error('the database handle is closed');
    if (this.#holds.getStore()?.held) throw new NestedConnectionError();
    const connection = await this.#acquireConnection();
    const hold: Hold = { held: true };
    try {
      return await this.#holds.run(hold, () => consumer(connection));
    } finally {
      hold.held = false;
      await this.#driver.releaseConnection(connection);
    }
  }

  /** A wait that ended in `DatabaseUnavailableError` is told too: those are the longest. */
  async #acquireConnection(): Promise<DatabaseConnection> {
    const waitStarted = performance.now();
    try {
      return await this.#driver.acquireConnection();
    } finally {
      this.#onConnectionWait?.((performance.now() - waitStarted) / 1000);
    }
  }
}
