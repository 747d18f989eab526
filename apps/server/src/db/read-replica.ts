import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type pg from 'pg';
import { hearDroppedConnection } from './connection-errors';

/** What the replica check saw last: whether reads go there, and how far behind it is. */
export interface ReplicaState {
  /** Reads are sent to the replica (reachable, in recovery, lag within the limit). */
  inUse: boolean;
  /** Seconds the replica's replay is behind; null while it cannot be reached. */
  lagSeconds: number | null;
}

export interface ReplicaRoutingOptions {
  /** A replica lagging more than this many seconds is bypassed until it catches up. */
  maxLagSeconds: number;
  /** How often the replica's reachability and lag are checked. */
  checkIntervalMs: number;
  /** Told of every check's outcome (the `uplink_replica_*` metrics, the log). */
  onCheck?: (state: ReplicaState) => void;
}

// WAL positions as byte offsets (pg_lsn has no JavaScript type): the primary's current one, the replica's replayed one.
const primaryPositionQuery = `SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')::text AS position`;
const replicaPositionQuery = `
  SELECT pg_is_in_recovery() AS in_recovery, pg_wal_lsn_diff(pg_last_wal_replay_lsn(), '0/0')::text AS replayed`;

/** The primary's WAL position at a moment of a check. */
interface PrimaryPosition {
  at: number;
  position: bigint;
}

/** Positions kept while the replica has not replayed them; a replica stalled longer is thinned, its oldest kept. */
const maxRememberedPositions = 1_000;

/**
 * A pool for reads that may lag a little (admin lists, statistics, exports, referral history and
 * tree): connections of the streaming replica while its last check found it usable, otherwise of
 * the primary. Checked every `checkIntervalMs`, never per statement. A statement that fails on
 * the replica because the replica went away (or cancelled a conflicting statement during replay)
 * runs again on the primary at once, and the replica is left alone until the next check says it
 * is back: no such failure reaches a client.
 */
export class ReplicaRouting {
  readonly #primary: pg.Pool;
  readonly #replica: pg.Pool;
  readonly #options: ReplicaRoutingOptions;
  #state: ReplicaState = { inUse: false, lagSeconds: null };
  /** The primary's positions at earlier checks that the replica had not replayed yet, oldest first. */
  #unreplayed: PrimaryPosition[] = [];
  #timer: NodeJS.Timeout | undefined;
  #checking: Promise<void> | undefined;
  /** Statements served by each side since start (tests and the bench read them). */
  readonly served = { replica: 0, primary: 0, fellBack: 0 };

  constructor(primary: pg.Pool, replica: pg.Pool, options: ReplicaRoutingOptions) {
    this.#primary = primary;
    this.#replica = replica;
    this.#options = options;
  }

  get state(): ReplicaState {
    return this.#state;
  }

  /** Checks once now, then every `checkIntervalMs` until `stop()`. */
  async start(): Promise<void> {
    await this.check();
    this.#timer = setInterval(() => void this.check(), this.#options.checkIntervalMs);
    this.#timer.unref();
  }

  stop(): void {
    clearInterval(this.#timer);
  }

  /** One check of the replica (concurrent callers share it). */
  check(): Promise<void> {
    this.#checking ??= this.#checkOnce().finally(() => {
      this.#checking = undefined;
    });
    return this.#checking;
  }

  /**
   * The replica's lag is how long ago the primary was at the oldest WAL position the replica has
   * not replayed yet — 0 when it has replayed every position seen — to the resolution of the check
   * interval. Not the age of the last replayed commit: a long write transaction on the primary
   * (a reward cycle's chunk) would read as lag for its whole length, although the replica applies
   * its WAL as it streams in.
   */
  async #checkOnce(): Promise<void> {
    let state: ReplicaState;
    try {
      const at = Date.now();
      const primary = await this.#primary.query<{ position: string }>(primaryPositionQuery);
      this.#remember({ at, position: BigInt(primary.rows[0]?.position ?? '0') });
      const { rows } = await this.#replica.query<{ in_recovery: boolean; replayed: string | null }>(
        replicaPositionQuery,
      );
      const lagSeconds = this.#lagSince(at, rows[0]?.replayed ?? null);
      // A replica that was promoted is no longer a replica of this primary: leave it alone.
      const inUse = rows[0]?.in_recovery === true && lagSeconds <= this.#options.maxLagSeconds;
      state = { inUse, lagSeconds };
    } catch {
      state = { inUse: false, lagSeconds: null };
    }
    this.#state = state;
    this.#options.onCheck?.(state);
  }

  #remember(position: PrimaryPosition): void {
    const newest = this.#unreplayed.at(-1);
    if (newest && newest.position >= position.position) return;
    this.#unreplayed.push(position);
    if (this.#unreplayed.length > maxRememberedPositions) this.#unreplayed.splice(1, 1);
  }

  #lagSince(now: number, replayed: string | null): number {
    const position = replayed === null ? -1n : BigInt(replayed);
    this.#unreplayed = this.#unreplayed.filter((primary) => primary.position > position);
    const oldest = this.#unreplayed[0];
    return oldest ? (now - oldest.at) / 1000 : 0;
  }

  /** The pool Kysely reads through. */
  readonly pool: PostgresPool = {
    connect: async () => {
      if (!this.#state.inUse) return this.#fromPrimary();
      try {
        const client = await this.#replica.connect();
        return this.#fallingBack(client);
      } catch {
        this.#bypass();
        return this.#fromPrimary();
      }
    },
    // The pools themselves are ended by their owner (the database handle).
    end: async () => {},
  };

  async #fromPrimary(): Promise<PostgresPoolClient> {
    const client = await this.#primary.connect();
    hearDroppedConnection(client);
    const query = (...args: unknown[]) => {
      this.served.primary += 1;
      return (client.query as (...forwarded: unknown[]) => unknown)(...args);
    };
    return { query: query as unknown as PostgresPoolClient['query'], release: () => client.release() };
  }

  #bypass(): void {
    this.#state = { ...this.#state, inUse: false };
  }

  /** A replica connection whose failed statements (outside a transaction) run again on the primary. */
  #fallingBack(client: pg.PoolClient): PostgresPoolClient {
    let broken: Error | undefined;
    let inTransaction = false;
    // A checked-out connection that dies emits 'error' besides failing its statement: unheard, it
    // would crash the process. It is kept to discard the connection on release.
    const onError = (error: Error) => {
      broken = error;
    };
    client.on('error', onError);
    const query = async <R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> => {
      const statement = sql.trimStart().slice(0, 8).toLowerCase();
      if (statement.startsWith('begin') || statement.startsWith('start')) inTransaction = true;
      if (statement.startsWith('commit') || statement.startsWith('rollback')) inTransaction = false;
      try {
        const result = await client.query(sql, parameters as unknown[]);
        this.served.replica += 1;
        return result as unknown as PostgresQueryResult<R>;
      } catch (error) {
        if (inTransaction || !replicaGone(error)) throw error;
        broken = error as Error;
        this.#bypass();
        this.served.fellBack += 1;
        const primary = await this.#primary.connect();
        try {
          return (await primary.query(sql, parameters as unknown[])) as unknown as PostgresQueryResult<R>;
        } finally {
          primary.release();
        }
      }
    };
    return {
      query: ((sqlOrCursor: string | PostgresCursor<unknown>, parameters?: ReadonlyArray<unknown>) =>
        typeof sqlOrCursor === 'string'
          ? query(sqlOrCursor, parameters ?? [])
          : client.query(sqlOrCursor as never)) as PostgresPoolClient['query'],
      // A connection that failed is discarded, not handed to the next statement.
      release: () => {
        client.off('error', onError);
        client.release(broken);
      },
    };
  }
}

/**
 * The replica went away (connection lost, shut down, not accepting connections) or cancelled the
 * statement for a conflict with replay: not the statement's own fault, so the primary answers it.
 */
export function replicaGone(error: unknown): boolean {
  const failure = error as { code?: unknown; severity?: unknown } | null;
  // Only the server's errors carry a severity with their SQLSTATE; a socket's own (ECONNRESET,
  // EPIPE: a code too, but no SQLSTATE) or none at all means the connection itself failed.
  if (typeof failure?.severity !== 'string' || typeof failure.code !== 'string') return true;
  const code = failure.code;
  return code.startsWith('08') || code.startsWith('57P') || code === '40001' || code === '53300';
}
