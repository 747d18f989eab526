import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hangDeadlineMs } from './testing/hang-deadline';
import { freePort, type ServerProcess, startServerProcess } from './testing/processes';
import { productionServerEnvironment } from './testing/production-environment';
import { outcomeOf, slowUpload } from './testing/slow-upload';
import { databaseUrlOn, withAdminClient } from './testing/test-database';

const testServerUrl = process.env.TEST_DATABASE_URL;
/**
 * The hang deadline: under the whole suite on a 2-core machine, starting two workers has taken over
 * 20 s. A crash of the primary fails at once instead.
 */
const patienceMs = hangDeadlineMs;

/** One line of the production log (JSON): the process that wrote it and what it said. */
interface LogLine {
  pid: number;
  msg: string;
  workerPid?: number;
  runsJobs?: boolean;
  job?: string;
}

interface ClusterProcess extends ServerProcess {
  log: () => LogLine[];
}

/**
 * `npm start`'s entry point with two workers, in production mode so that every log line is JSON
 * carrying the pid of the process that wrote it. The outside services are unreachable addresses:
 * nothing here calls them (the reward-cycle epoch is in the future, so its job, run every second,
 * finds no finished cycle and stays local).
 */
function startCluster(databaseUrl: string, dataDir: string, port: number): ClusterProcess {
  const server = startServerProcess({
    ...productionServerEnvironment({
      databaseUrl,
      port,
      dataDir,
      jwtSecret: randomBytes(32).toString('hex'),
      webConcurrency: 2,
      logLevel: 'debug',
    }),
    REWARD_CYCLE_EPOCH: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    REWARD_CYCLE_CLOSE_INTERVAL_MS: '1000',
    // The drain test signs in 30 times at once from one address.
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
  });
  const log = () =>
    server
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as LogLine);
  return { ...server, log };
}

/**
 * Polls `found` every 100 ms until it returns something; fails naming `what` when the primary exits
 * or after `patienceMs`, printing what the cluster wrote.
 */
async function until<T>(cluster: ClusterProcess, what: string, found: () => T | undefined): Promise<T> {
  const deadline = Date.now() + patienceMs;
  for (;;) {
    const value = found();
    if (value !== undefined) return value;
    if (cluster.child.exitCode !== null) throw new Error(`no ${what}: the primary exited:\n${cluster.output()}`);
    if (Date.now() > deadline) throw new Error(`no ${what} after ${patienceMs} ms:\n${cluster.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A request on a connection of its own: node:cluster hands each new connection to the next worker. */
function requestOnNewConnection(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (answer) => {
        answer.resume();
        answer.on('end', () => resolve(answer.statusCode as number));
      })
      .on('error', reject);
  });
}

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const workersListening = (cluster: ClusterProcess) => cluster.log().filter((line) => line.msg === 'worker listening');
const jobRuns = (cluster: ClusterProcess) => cluster.log().filter((line) => line.msg === 'recurring job ran');

describe.skipIf(!testServerUrl)('the server as a cluster of two workers (PostgreSQL)', () => {
  const database = `uplink_test_${randomBytes(6).toString('hex')}`;
  let root: string;
  let cluster: ClusterProcess;
  let baseUrl: string;

  beforeAll(async () => {
    await withAdminClient(testServerUrl as string, (client) => client.query(`CREATE DATABASE ${database}`));
    root = mkdtempSync(path.join(tmpdir(), 'uplink-cluster-'));
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    cluster = startCluster(databaseUrlOn(testServerUrl as string, database), path.join(root, 'data'), port);
    // The banner comes once every worker listens.
    await until(cluster, 'start-up banner', () =>
      cluster.output().includes('Uplink is running at') ? true : undefined,
    );
  }, patienceMs + 5_000);

  afterAll(async () => {
    for (const pid of [
      cluster?.child.pid,
      ...(cluster ? workersListening(cluster) : []).map((line) => line.workerPid),
    ]) {
      if (pid && isRunning(pid)) process.kill(pid, 'SIGKILL');
    }
    await withAdminClient(testServerUrl as string, (client) =>
      client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`),
    );
    rmSync(root, { recursive: true, force: true });
  });

  it('answers requests from both workers; the primary serves none', async () => {
    const workers = workersListening(cluster).map((line) => line.workerPid);
    expect(new Set(workers).size).toBe(2);
    for (let request = 0; request < 8; request += 1) {
      expect(await requestOnNewConnection(`${baseUrl}/api/healthz`)).toBe(200);
    }
    const answeredBy = await until(cluster, 'eight request lines', () => {
      const lines = cluster.log().filter((line) => line.msg === 'request completed');
      return lines.length >= 8 ? new Set(lines.map((line) => line.pid)) : undefined;
    });
    expect([...answeredBy].sort()).toEqual([...workers].sort());
  });

  it('answers GET /api/metrics with the requests of both workers summed', async () => {
    // The previous test sent eight health checks, which both workers answered between them.
    const text = await (await fetch(`${baseUrl}/api/metrics`)).text();
    const healthChecks = text.match(
      /^uplink_http_request_duration_seconds_count\{method="GET",route="\/api\/healthz",status_code="200"\} (\d+)$/m,
    );
    expect(Number(healthChecks?.[1])).toBeGreaterThanOrEqual(8);
  });

  it(
    'runs the background jobs in one worker only, and again in the replacement when that worker dies',
    async () => {
      const [jobsWorker, ...others] = workersListening(cluster)
        .filter((line) => line.runsJobs)
        .map((line) => line.workerPid as number);
      expect(others).toEqual([]);
      const servingOnly = workersListening(cluster).find((line) => !line.runsJobs)?.workerPid;
      // The reward-cycle job runs every second: with both workers running jobs, four runs would come from both.
      await until(cluster, 'four job runs', () => (jobRuns(cluster).length >= 4 ? true : undefined));
      expect(new Set(jobRuns(cluster).map((line) => line.pid))).toEqual(new Set([jobsWorker]));

      process.kill(jobsWorker as number, 'SIGKILL');
      const replacement = await until(cluster, 'replacement of the jobs worker', () =>
        workersListening(cluster).find((line) => line.runsJobs && line.workerPid !== jobsWorker),
      );
      await until(cluster, 'a job run in the replacement', () =>
        jobRuns(cluster).find((line) => line.pid === replacement.workerPid),
      );
      expect(new Set(jobRuns(cluster).map((line) => line.pid))).toEqual(new Set([jobsWorker, replacement.workerPid]));
      expect(isRunning(servingOnly as number)).toBe(true);
      expect(cluster.output().match(/Uplink is running at/g)).toHaveLength(1);
    },
    patienceMs * 3,
  );

  it(
    'drains on SIGTERM: of 30 requests each gets its full answer or 503 with Retry-After, none a reset; an upload in flight completes; every worker stops and the primary exits 0',
    async () => {
      const workers = workersListening(cluster)
        .map((line) => line.workerPid as number)
        .filter(isRunning);
      expect(workers).toHaveLength(2);
      // An upload whose body is still on its way when the signal comes.
      const upload = slowUpload(
        `${baseUrl}/api/users/login`,
        JSON.stringify({ email: 'uploader@uplink.test', password: 'Wrong!Pass123' }),
      );
      await upload.headersSent;
      // 30 requests at once, each on its connection (so both workers get some): sign-ins (argon2
      // keeps them busy), readiness (the database) and liveness.
      const burst = Array.from({ length: 30 }, (_, index) =>
        index % 3 === 0
          ? outcomeOf(`${baseUrl}/api/users/login`, { email: `burst-${index}@uplink.test`, password: 'Wrong!Pass123' })
          : outcomeOf(`${baseUrl}/api/${index % 3 === 1 ? 'readyz' : 'healthz'}`),
      );
      await new Promise((resolve) => setTimeout(resolve, 50));
      cluster.child.kill('SIGTERM');
      const answered = await Promise.all(burst);
      // While the upload is held, the processes drain: a new request is told to come back, never reset.
      await until(cluster, 'the drain to begin', () =>
        cluster.log().some((line) => line.msg.startsWith('shutting down')) ? true : undefined,
      );
      const duringDrain = await Promise.all(Array.from({ length: 4 }, () => outcomeOf(`${baseUrl}/api/readyz`)));
      await upload.finish();
      const uploaded = await upload.outcome;

      for (const outcome of [...answered, ...duringDrain]) {
        expect(outcome.error, JSON.stringify(outcome)).toBeUndefined();
        if (outcome.status === 503) expect(outcome.retryAfter, JSON.stringify(outcome)).toBe('5');
      }
      expect(answered.filter((outcome) => outcome.status !== 503).length).toBeGreaterThan(0);
      expect(duringDrain.map((outcome) => [outcome.status, outcome.retryAfter])).toEqual(
        Array.from({ length: 4 }, () => [503, '5']),
      );
      // The upload is answered in full: its sign-in checked (a wrong password), not cut off.
      expect(uploaded.status, JSON.stringify(uploaded)).toBe(401);
      expect(JSON.parse(uploaded.body as string)).toMatchObject({ success: false, errorCode: 'UNAUTHORIZED' });

      expect(await cluster.exited).toEqual({ code: 0, signal: null });
      expect(workers.filter(isRunning)).toEqual([]);
      // Each ran its own drain, rather than ending with its primary.
      const stopped = cluster
        .log()
        .filter((line) => line.msg.startsWith('shutting down') && workers.includes(line.pid));
      expect([...new Set(stopped.map((line) => line.pid))].sort()).toEqual([...workers].sort());
    },
    patienceMs,
  );
});
