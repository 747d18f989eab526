import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadTryIntervalMs } from './jobs/job-lock';
import { hangDeadlineMs } from './testing/hang-deadline';
import { freePort, type ServerProcess, startServerProcess, untilReady } from './testing/processes';
import { productionServerEnvironment } from './testing/production-environment';
import { databaseUrlOn, withAdminClient } from './testing/test-database';

const testServerUrl = process.env.TEST_DATABASE_URL;

interface Host {
  server: ServerProcess;
  baseUrl: string;
}

/** Runs of each background job this host has made, worked or failed, by job name. */
async function jobRuns(host: Host): Promise<Map<string, number>> {
  const text = await (await fetch(`${host.baseUrl}/api/metrics`)).text();
  const runs = new Map<string, number>();
  for (const [, job, count] of text.matchAll(
    /^uplink_job_runs_total\{job_name="([^"]+)",outcome="(?:ok|failed)"\} (\d+)$/gm,
  ))
    runs.set(job as string, (runs.get(job as string) ?? 0) + Number(count));
  return runs;
}

/** The jobs this host has run at least once. */
const jobsRun = async (host: Host) => [...(await jobRuns(host))].filter(([, count]) => count > 0).map(([job]) => job);

/** Runs of the deposit scan this host has made (its chain is unreachable: each run fails, and counts). */
const depositScans = async (host: Host) => (await jobRuns(host)).get('deposit-scan') ?? 0;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Two servers on one PostgreSQL stand for two hosts (issue 42: each ran every job, so the deposit
 * scan ran twice as often and the chain node's load doubled with each host). Each is one process
 * in production mode; the deposit scan runs every second against a chain node that is not there.
 */
describe.skipIf(!testServerUrl)('background jobs across two hosts on one database (PostgreSQL)', () => {
  const database = `uplink_test_${randomBytes(6).toString('hex')}`;
  let root: string;
  const hosts: Host[] = [];

  beforeAll(async () => {
    await withAdminClient(testServerUrl as string, (client) => client.query(`CREATE DATABASE ${database}`));
    root = mkdtempSync(path.join(tmpdir(), 'uplink-hosts-'));
    for (const name of ['host-a', 'host-b']) {
      const port = await freePort();
      const server = startServerProcess({
        ...productionServerEnvironment({
          databaseUrl: databaseUrlOn(testServerUrl as string, database),
          port,
          dataDir: path.join(root, name),
          jwtSecret: randomBytes(48).toString('base64'),
          webConcurrency: 1,
          logLevel: 'info',
        }),
        DEPOSIT_SCAN_INTERVAL_MS: '1000',
      });
      hosts.push({ server, baseUrl: `http://127.0.0.1:${port}` });
      // One after the other: both migrating a fresh database at once is not what this tests.
      await untilReady(`http://127.0.0.1:${port}`, server);
    }
  }, hangDeadlineMs * 2);

  afterAll(async () => {
    for (const { server } of hosts) if (server.child.exitCode === null) server.child.kill('SIGKILL');
    await withAdminClient(testServerUrl as string, (client) =>
      client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`),
    );
    rmSync(root, { recursive: true, force: true });
  });

  it(
    'runs each job in one host only, on its interval; when that host dies the other takes over within seconds',
    async () => {
      // Let the second host's first try at the lead pass, then count 6 s of deposit scans.
      await pause(2_000);
      const before = await Promise.all(hosts.map(depositScans));
      await pause(6_000);
      const after = await Promise.all(hosts.map(depositScans));
      const runs = after.map((count, index) => count - (before[index] as number));
      // One host ran the scan about once a second; the other not at all (both would make about 12).
      expect(runs.filter((count) => count === 0)).toHaveLength(1);
      const total = runs.reduce((sum, count) => sum + count, 0);
      expect(total).toBeGreaterThanOrEqual(3);
      expect(total).toBeLessThanOrEqual(8);

      const leader = hosts[runs.findIndex((count) => count > 0)] as Host;
      const follower = hosts.find((host) => host !== leader) as Host;
      // Every job, not only the scan: the leader runs them all, the other host none since it started.
      expect(await jobsRun(leader)).toEqual(
        expect.arrayContaining(['deposit-scan', 'mail-outbox', 'treasury-reconciliation']),
      );
      expect(await jobsRun(follower)).toEqual([]);
      const killedAt = Date.now();
      leader.server.child.kill('SIGKILL');
      const followerBefore = await depositScans(follower);
      for (;;) {
        if (Date.now() - killedAt > 60_000)
          throw new Error(`no hand-over within a minute:\n${follower.server.output()}`);
        if ((await depositScans(follower)) > followerBefore) break;
        await pause(250);
      }
      const handOverMs = Date.now() - killedAt;
      console.log(`background jobs handed over ${handOverMs} ms after the leader was killed`);
      expect(handOverMs).toBeLessThan(leadTryIntervalMs + 5_000);
      expect(follower.server.output()).toContain('background jobs: leads the background jobs');
    },
    hangDeadlineMs,
  );
});
