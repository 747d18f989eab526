import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type JobLock, processJobLock } from '../../jobs/job-lock';
import { startRecurringJob } from '../../jobs/recurring-job';
import { appWithSettings } from '../../testing/builders';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createTestDatabase } from '../../testing/test-database';
import { recordConnectionWait, requestsWaitingForConnection, watchConnectionPool } from './database-metrics';

const metricsToken = 'metrics-token-of-the-scraper';

/** The value of the sample `name` whose labels include `labels`; 0 when there is none yet. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split('\n')) {
    const match = line.match(/^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/);
    if (match?.[1] !== name) continue;
    const own = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([key, value]) => own[key] === value)) return Number(match[3]);
  }
  return 0;
}

describe('reading the metrics (GET /api/metrics)', () => {
  let t: TestApp;
  let withToken: FastifyInstance;
  beforeAll(async () => {
    // Wired as the server wires its database (server-runtime.ts).
    const database = await createTestDatabase({ onConnectionWait: recordConnectionWait });
    watchConnectionPool(database.pool);
    t = await createTestApp({}, undefined, database);
    withToken = await appWithSettings(t, { metricsToken });
  });
  afterAll(async () => {
    await withToken?.close();
    await t?.close();
  });

  async function scrape(app = t.app, options: InjectOptions = {}) {
    const response = await app.inject({ method: 'GET', url: '/api/metrics', ...options });
    expect(response.statusCode).toBe(200);
    return response.body;
  }

  it.each(['127.0.0.1', '::1', '::ffff:127.0.0.1'])(
    'answers a caller on this machine (%s) in the Prometheus format',
    async (remoteAddress) => {
      const response = await t.app.inject({ method: 'GET', url: '/api/metrics', remoteAddress });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(response.body).toContain('# TYPE uplink_http_request_duration_seconds histogram');
      expect(response.body).toContain('# TYPE uplink_process_cpu_seconds_total counter');
    },
  );

  it('refuses a caller on another machine, whatever X-Forwarded-For claims', async () => {
    for (const headers of [{}, { 'x-forwarded-for': '127.0.0.1' }]) {
      const response = await t.app.inject({ method: 'GET', url: '/api/metrics', remoteAddress: '10.0.0.5', headers });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ success: false, errorCode: 'FORBIDDEN', data: null });
    }
  });

  it('refuses a request relayed by a proxy on this machine without the token', async () => {
    const relayed = { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.9' } };
    expect((await t.app.inject({ method: 'GET', url: '/api/metrics', ...relayed })).statusCode).toBe(403);
    await scrape(withToken, { ...relayed, headers: { ...relayed.headers, authorization: `Bearer ${metricsToken}` } });
  });

  it('answers another machine that has METRICS_TOKEN, and only with the right one', async () => {
    const from = (authorization: string) => ({ remoteAddress: '10.0.0.5', headers: { authorization } });
    await scrape(withToken, from(`Bearer ${metricsToken}`));
    for (const authorization of [`Bearer ${metricsToken}x`, 'Bearer wrong', metricsToken]) {
      const refused = await withToken.inject({ method: 'GET', url: '/api/metrics', ...from(authorization) });
      expect(refused.statusCode).toBe(403);
    }
    // Without METRICS_TOKEN configured no bearer token opens it.
    const unconfigured = await t.app.inject({ method: 'GET', url: '/api/metrics', ...from(`Bearer ${metricsToken}`) });
    expect(unconfigured.statusCode).toBe(403);
  });

  it('times the web app under one label, not a series per hashed asset', async () => {
    const distDir = mkdtempSync(path.join(tmpdir(), 'uplink-metrics-dist-'));
    mkdirSync(path.join(distDir, 'assets'));
    writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>Uplink</title>');
    writeFileSync(path.join(distDir, 'assets', 'index-5f3a9c.js'), 'console.log("app")');
    const withWebApp = await appWithSettings(t, { webDistDir: distDir });
    try {
      const webApp = { method: 'GET', route: 'web app', status_code: '200' };
      const before = await scrape();
      for (const url of ['/assets/index-5f3a9c.js', '/dashboard', '/']) {
        expect((await withWebApp.inject({ method: 'GET', url })).statusCode).toBe(200);
      }
      const after = await scrape();
      expect(
        sample(after, 'uplink_http_request_duration_seconds_count', webApp) -
          sample(before, 'uplink_http_request_duration_seconds_count', webApp),
      ).toBe(3);
      expect(after).not.toContain('index-5f3a9c');
    } finally {
      await withWebApp.close();
      rmSync(distDir, { recursive: true, force: true });
    }
  });

  it('times requests by route pattern and status, never by the path asked for', async () => {
    const before = await scrape();
    const healthz = { method: 'GET', route: '/api/healthz', status_code: '200' };
    const member = { method: 'GET', route: '/api/users/admin/:id', status_code: '401' };
    const unmatched = { method: 'GET', route: 'unmatched', status_code: '404' };
    for (let i = 0; i < 3; i += 1) await t.app.inject({ method: 'GET', url: '/api/healthz' });
    await t.app.inject({ method: 'GET', url: '/api/users/admin/4f1c2d' });
    await t.app.inject({ method: 'GET', url: '/api/users/admin/9a8b7c' });
    await t.app.inject({ method: 'GET', url: '/api/no-such-route' });
    const after = await scrape();

    const count = (text: string, labels: Record<string, string>) =>
      sample(text, 'uplink_http_request_duration_seconds_count', labels);
    expect(count(after, healthz) - count(before, healthz)).toBe(3);
    expect(count(after, member) - count(before, member)).toBe(2);
    expect(count(after, unmatched) - count(before, unmatched)).toBe(1);
    expect(after).not.toContain('4f1c2d');
    expect(after).not.toContain('no-such-route');
  });

  it('shows the waits for a database connection and the pool', async () => {
    const before = sample(await scrape(), 'uplink_db_connection_wait_seconds_count');
    expect((await t.app.inject({ method: 'GET', url: '/api/readyz' })).statusCode).toBe(200);
    const after = await scrape();
    expect(sample(after, 'uplink_db_connection_wait_seconds_count')).toBeGreaterThan(before);
    expect(sample(after, 'uplink_db_pool_connections')).toBeGreaterThanOrEqual(1);
    expect(after).toContain('# TYPE uplink_db_pool_waiting_requests gauge');
  });

  it('counts no waiting request on an idle database, whatever the scrape itself reads', async () => {
    for (let scraped = 0; scraped < 5; scraped += 1) {
      const text = await scrape();
      expect(sample(text, 'uplink_db_pool_idle_connections')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'uplink_db_pool_waiting_requests')).toBe(0);
    }
  });

  it('counts no waiting request while the pool can still open a connection for it', () => {
    // Asked together beside one idle connection, three reads queue; the pool opens connections for
    // two of them on the next tick, so none waits for a busy one.
    const openingConnections = { waitingCount: 3, idleCount: 1, totalCount: 1, options: { max: 10 } };
    expect(requestsWaitingForConnection(openingConnections)).toBe(0);
    const full = { ...openingConnections, totalCount: 10 };
    expect(requestsWaitingForConnection(full)).toBe(2);
  });

  it('counts the requests that wait while every connection is busy', async () => {
    const { pool } = t.database;
    const held = await Promise.all(Array.from({ length: pool.options.max }, () => pool.connect()));
    const queued = pool.query('SELECT 1');
    // The scrape's own read queues too: both wait until the connections are given back.
    const scraping = scrape();
    await new Promise((resolve) => setTimeout(resolve, 100));
    for (const client of held) client.release();
    await queued;
    expect(sample(await scraping, 'uplink_db_pool_waiting_requests')).toBeGreaterThanOrEqual(1);
  });

  it('counts the runs of a background job by outcome', async () => {
    const lockHeldElsewhere: JobLock = { leads: () => true, runExclusive: async () => false, close: async () => {} };
    const jobs = [
      { name: 'metrics-test-failing', lock: processJobLock(), work: () => Promise.reject(new Error('exchange down')) },
      { name: 'metrics-test-working', lock: processJobLock(), work: () => Promise.resolve() },
      { name: 'metrics-test-working', lock: lockHeldElsewhere, work: () => Promise.resolve() },
    ];
    for (const { name, lock, work } of jobs) {
      const job = startRecurringJob({ name, intervalMs: 3_600_000, lock, logger: t.app.log, work });
      await job.runNow();
      await job.stop();
    }
    const text = await scrape();
    // job_name, not job: a scrape's own `job` label would rename it (Prometheus' exported_job).
    const runs = (job: string, outcome: string) => sample(text, 'uplink_job_runs_total', { job_name: job, outcome });
    expect(text).not.toMatch(/^uplink_job_run\w*\{job=/m);
    expect(runs('metrics-test-failing', 'failed')).toBe(1);
    expect(runs('metrics-test-failing', 'ok')).toBe(0);
    expect(runs('metrics-test-working', 'ok')).toBe(1);
    expect(runs('metrics-test-working', 'skipped')).toBe(1);
    expect(
      sample(text, 'uplink_job_run_duration_seconds_count', { job_name: 'metrics-test-failing', outcome: 'failed' }),
    ).toBe(1);
    expect(
      sample(text, 'uplink_job_run_duration_seconds_count', { job_name: 'metrics-test-working', outcome: 'skipped' }),
    ).toBe(0);
    // The last run's outcome: a skipped run (another process leads) changes nothing.
    expect(sample(text, 'uplink_job_failing', { job_name: 'metrics-test-failing' })).toBe(1);
    expect(sample(text, 'uplink_job_failing', { job_name: 'metrics-test-working' })).toBe(0);
  });

  it("shows a job's failed runs at 0 before any fails, so the alert's increase() sees the first failure", async () => {
    const job = startRecurringJob({
      name: 'metrics-test-not-run',
      intervalMs: 3_600_000,
      lock: processJobLock(),
      logger: t.app.log,
      work: () => Promise.resolve(),
    });
    expect(await scrape()).toMatch(/^uplink_job_runs_total\{job_name="metrics-test-not-run",outcome="failed"\} 0$/m);
    await job.stop();
  });

  it('clears a job failing with its first run that works', async () => {
    let broken = true;
    const work = () => (broken ? Promise.reject(new Error('node down')) : Promise.resolve());
    const job = startRecurringJob({
      name: 'metrics-test-recovering',
      intervalMs: 3_600_000,
      lock: processJobLock(),
      logger: t.app.log,
      work,
    });
    const failing = async () => sample(await scrape(), 'uplink_job_failing', { job_name: 'metrics-test-recovering' });
    await job.runNow();
    expect(await failing()).toBe(1);
    broken = false;
    await job.runNow();
    expect(await failing()).toBe(0);
    await job.stop();
  });

  it('is documented in the OpenAPI document', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.json().paths['/api/metrics'].get.summary).toMatch(/Prometheus/);
  });
});
