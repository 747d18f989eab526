import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metricsRegistry } from '../metrics-registry';
import { recordReplicaCheck } from '../modules/metrics/database-metrics';
import { createMember, sessionHeaders } from '../testing/builders';
import { type StreamingPair, startStreamingPair, streamingReplicaUnavailable } from '../testing/streaming-replica';
import { createTestApp, type TestApp } from '../testing/test-app';
import { withAdminClient } from '../testing/test-database';
import { type DatabaseHandle, openDatabase } from './database';
import { migrateToLatest } from './migrator';

const unavailable = streamingReplicaUnavailable();
if (unavailable) console.warn(`read replica tests skipped: ${unavailable}`);

/** Until `done()` holds, checking the replica between tries (no time limit: the test's own timeout bounds it). */
async function until(database: DatabaseHandle, done: () => boolean | Promise<boolean>): Promise<void> {
  for (;;) {
    await database.replica?.check();
    if (await done()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * `DATABASE_REPLICA_URL` against a real streaming replica: a primary and a replica of our own,
 * started by the test with PostgreSQL 15's initdb and pg_basebackup (the machine's own server
 * allows no replication connections).
 */
describe.skipIf(unavailable !== null)('reads on a streaming replica', () => {
  let pair: StreamingPair;
  let database: DatabaseHandle;
  let t: TestApp;
  let adminHeaders: Record<string, string>;
  const maxLagSeconds = 0.5;

  beforeAll(async () => {
    pair = await startStreamingPair();
    await withAdminClient(pair.primaryUrl, (client) => client.query('CREATE DATABASE uplink'));
    const uplinkDatabase = (url: string) => url.replace(/\/postgres$/, '/uplink');
    database = await openDatabase({
      databaseUrl: uplinkDatabase(pair.primaryUrl),
      replicaUrl: uplinkDatabase(pair.replicaUrl),
      pgliteDataDir: 'memory://',
      replicaMaxLagSeconds: maxLagSeconds,
      replicaCheckIntervalMs: 200,
      onReplicaCheck: recordReplicaCheck,
    });
    await migrateToLatest(database.db);
    t = await createTestApp({}, { depositChain: null }, database);
    const admin = await createMember(database.db, { isAdmin: true });
    adminHeaders = sessionHeaders(t.app, admin);
    for (let index = 0; index < 5; index += 1) await createMember(database.db);
    // The replica has replayed everything written so far.
    await until(database, () => database.replica?.state.inUse === true);
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await pair?.stop();
  });

  const adminList = () =>
    t.app.inject({ method: 'GET', url: '/api/users/admin/all?page=1&limit=10', headers: adminHeaders });

  it('serves the admin list from the replica, and a member’s own profile from the primary', async () => {
    const replica = database.replica;
    if (!replica) throw new Error('no replica routing');
    const before = { ...replica.served };
    const answer = await adminList();
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data.pagination.totalUsers).toBe(5); // the five members; the administrator is not one
    expect(replica.served.replica).toBeGreaterThan(before.replica);
    expect(replica.served.primary).toBe(before.primary);
    expect(replica.served.fellBack).toBe(before.fellBack);
    // The replica's own view: the lag gauge is exported.
    expect(await metricsRegistry.getSingleMetricAsString('uplink_replica_lag_seconds')).toMatch(
      /^uplink_replica_lag_seconds \d/m,
    );
    expect(await metricsRegistry.getSingleMetricAsString('uplink_replica_in_use')).toMatch(
      /^uplink_replica_in_use 1$/m,
    );

    // A member's own reads stay on the primary: their write of a moment ago is there.
    const afterList = replica.served.replica;
    const member = await createMember(database.db, { firstName: 'Justjoined' });
    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/users/profile',
      headers: sessionHeaders(t.app, member),
    });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().data.firstName).toBe('Justjoined');
    expect(replica.served.replica).toBe(afterList);
  });

  it('bypasses a replica that lags more than REPLICA_MAX_LAG_S, and returns to it once it has caught up', async () => {
    const replica = database.replica;
    if (!replica) throw new Error('no replica routing');
    await pair.pauseReplay();
    try {
      const late = await createMember(database.db, { firstName: 'Latecomer' });
      await until(database, () => replica.state.inUse === false);
      expect(replica.state.lagSeconds).toBeGreaterThan(maxLagSeconds);
      const before = { ...replica.served };
      const answer = await adminList();
      expect(answer.statusCode).toBe(200);
      // The primary answered: the member the paused replica has not replayed is listed.
      expect(answer.json().data.users.map((user: { _id: string }) => user._id)).toContain(late.id);
      expect(replica.served.replica).toBe(before.replica);
      expect(replica.served.primary).toBeGreaterThan(before.primary);
    } finally {
      await pair.resumeReplay();
    }
    await until(database, () => replica.state.inUse === true);
    expect(replica.state.lagSeconds).toBeLessThanOrEqual(maxLagSeconds);
  });

  it('answers every admin read while the replica is killed in the middle of a load of them', async () => {
    const replica = database.replica;
    if (!replica) throw new Error('no replica routing');
    const before = { ...replica.served };
    const statuses: number[] = [];
    let killed: Promise<void> | undefined;
    // Eight administrators' screens at once, 240 reads; the replica dies after the first 40.
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        for (let index = 0; index < 30; index += 1) {
          const answer = await adminList();
          statuses.push(answer.statusCode);
          if (statuses.length === 40) killed = pair.killReplica();
        }
      }),
    );
    await killed;
    console.info(`replica killed during 240 admin reads: ${JSON.stringify(replica.served)} statements so far`);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    expect(statuses).toHaveLength(240);
    expect(replica.served.replica).toBeGreaterThan(before.replica);
    expect(replica.served.primary + replica.served.fellBack).toBeGreaterThan(before.primary + before.fellBack);

    await replica.check();
    expect(replica.state).toEqual({ inUse: false, lagSeconds: null });
    expect(await metricsRegistry.getSingleMetricAsString('uplink_replica_lag_seconds')).toMatch(
      /^uplink_replica_lag_seconds -1$/m,
    );
    // Back again: reads return to it.
    await pair.startReplica();
    await until(database, () => replica.state.inUse === true);
    expect((await adminList()).statusCode).toBe(200);
  });
});
