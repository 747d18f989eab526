import type pg from 'pg';
import { Gauge, Histogram } from 'prom-client';
import type { ReplicaState } from '../../db/read-replica';
import { metricsRegistry } from '../../metrics-registry';

const connectionWait = new Histogram({
  name: 'uplink_db_connection_wait_seconds',
  help: 'How long a statement or transaction waited for a database connection',
  // Mostly none; the last buckets reach DATABASE_WAIT_TIMEOUT_MS's default, where a wait becomes a 503.
  buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15],
  registers: [metricsRegistry],
});

/** Given to `openDatabase` as its `onConnectionWait`. */
export function recordConnectionWait(seconds: number): void {
  connectionWait.observe(seconds);
}

/** The pools read at each scrape: the server's one, or several in a test process. */
const watchedPools = new Set<pg.Pool>();

/** Reports `pool`'s connections at every scrape, until it is ended. */
export function watchConnectionPool(pool: pg.Pool): void {
  watchedPools.add(pool);
}

function poolGauge(name: string, help: string, count: (pool: pg.Pool) => number): Gauge {
  return new Gauge({
    name,
    help,
    registers: [metricsRegistry],
    collect() {
      let sum = 0;
      for (const pool of watchedPools) {
        if (pool.ended) watchedPools.delete(pool);
        else sum += count(pool);
      }
      this.set(sum);
    },
  });
}

poolGauge('uplink_db_pool_connections', 'Open database connections, busy or idle', (pool) => pool.totalCount);
poolGauge(
  'uplink_db_pool_idle_connections',
  'Open database connections no statement is using',
  (pool) => pool.idleCount,
);
/**
 * The requests that wait because every connection is busy. The pool queues a request even when an
 * idle connection takes it on the next tick, or when it opens a new connection for it on that
 * tick: neither is waiting. Counted as such, the scrape's own concurrent reads made an idle server
 * look busy (issue 32, and again beside a background job's read).
 */
export function requestsWaitingForConnection(
  pool: Pick<pg.Pool, 'waitingCount' | 'idleCount' | 'totalCount'> & { options: { max: number } },
): number {
  if (pool.totalCount < pool.options.max) return 0;
  return Math.max(0, pool.waitingCount - pool.idleCount);
}

poolGauge(
  'uplink_db_pool_waiting_requests',
  'Statements and transactions waiting for a database connection (every connection busy)',
  requestsWaitingForConnection,
);

const replicaLag = new Gauge({
  name: 'uplink_replica_lag_seconds',
  help: 'How far the read replica replays behind the primary, at its last check (-1 while it cannot be reached)',
  registers: [metricsRegistry],
});
const replicaInUse = new Gauge({
  name: 'uplink_replica_in_use',
  help: 'Whether reads go to the read replica (1) or were moved to the primary (0), at its last check',
  registers: [metricsRegistry],
});

/** Given to `openDatabase` as its `onReplicaCheck`. */
export function recordReplicaCheck(state: ReplicaState): void {
  replicaLag.set(state.lagSeconds ?? -1);
  replicaInUse.set(state.inUse ? 1 : 0);
}
