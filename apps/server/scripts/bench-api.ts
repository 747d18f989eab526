import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config/load-config';
import { type DatabaseHandle, openDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrator';
import { addMember, createMember } from '../src/testing/builders';
import { type ServerProcess, startServerProcess } from '../src/testing/processes';
import { productionServerEnvironment } from '../src/testing/production-environment';
import { databaseUrlOn, withAdminClient } from '../src/testing/test-database';
import { summarise } from './bench-kit';
import { type CpuProfile, summarizeCpuProfile } from './summarize-cpu-profile';

const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const durationMs = Number(process.env.BENCH_DURATION_MS ?? 5000);
const warmUpMs = 1000;
const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const only = process.env.BENCH_ONLY?.split(',');
/**
 * The profile is measured this many times, each between two runs of the bare route, and its ratio
 * is the median of the rounds' (of an even number, the lower middle one): one run's ratio moves
 * by ±0.08 on a shared two-core machine.
 */
const rounds = Number(process.env.BENCH_ROUNDS ?? 1);
/** A folder: the in-process profile load is CPU-profiled there (start-up excluded) and summarized. */
const cpuProfileDir = process.env.BENCH_CPU_PROFILE;
const runs = (measure: string) => only === undefined || only.includes(measure);

interface LoadResult {
  ok: number;
  failed: number;
  seconds: number;
  p50: number;
  p95: number;
  p99: number;
}

const loadGenerator = `
const { workerData, parentPort } = require('node:worker_threads');
const http = require('node:http');
const { url, headers, connections, durationMs } = workerData;
const target = new URL(url);
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
let ok = 0;
let failed = 0;
const latencies = [];
const end = Date.now() + durationMs;
function once() {
  return new Promise((resolve) => {
    const started = process.hrtime.bigint();
    const request = http.request({ agent, host: target.hostname, port: target.port, path: target.pathname + target.search, headers }, (response) => {
      response.resume();
      response.on('end', () => {
        if (response.statusCode === 200) ok += 1; else failed += 1;
        latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
        resolve();
      });
    });
    request.on('error', () => { failed += 1; resolve(); });
    request.end();
  });
}
async function lane() { while (Date.now() < end) await once(); }
const started = Date.now();
Promise.all(Array.from({ length: connections }, lane)).then(() => {
  const seconds = (Date.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))] ?? 0;
  agent.destroy();
  parentPort.postMessage({ ok, failed, seconds, p50: at(0.5), p95: at(0.95), p99: at(0.99) });
});
`;

function load(url: string, headers: Record<string, string>, duration: number): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(loadGenerator, {
      eval: true,
      workerData: { url, headers, connections, durationMs: duration },
    });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

/** Requests per second of `url` after a warm-up; prints one line. */
async function measure(name: string, url: string, headers: Record<string, string> = {}): Promise<number> {
  await load(url, headers, warmUpMs);
  const result = await load(url, headers, durationMs);
  if (result.failed > 0) throw new Error(`${name}: ${result.failed} requests did not answer 200`);
  const perSecond = result.ok / result.seconds;
  console.log(
    `${name.padEnd(48)} ${perSecond.toFixed(0).padStart(7)} req/s   p50 ${result.p50.toFixed(1)} ms   p95 ${result.p95.toFixed(1)} ms   p99 ${result.p99.toFixed(1)} ms`,
  );
  return perSecond;
}

/**
 * `work` under the V8 profiler of this thread (the app's: the load generator is a worker) when
 * BENCH_CPU_PROFILE names a folder: the profile is written there as `<name>.cpuprofile` and its
 * summary printed, so a run shows where the request path spends its time without the start-up.
 */
async function profiled<T>(name: string, work: () => Promise<T>): Promise<T> {
  if (!cpuProfileDir) return work();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    session.disconnect();
    mkdirSync(cpuProfileDir, { recursive: true });
    const file = path.join(cpuProfileDir, `${name}.cpuprofile`);
    writeFileSync(file, JSON.stringify(profile));
    console.log(`\nCPU profile of ${name}: ${file}`);
    const patterns = ['guard', 'verify', 'read', 'memberProfile', 'serialize', 'onSend', 'onResponse'];
    for (const line of summarizeCpuProfile(profile as CpuProfile, 20, patterns)) console.log(`  ${line}`);
    console.log('');
  }
}

const jwtSecret = randomBytes(32).toString('base64url');
const config = loadConfig({
  NODE_ENV: 'test',
  JWT_SECRET: jwtSecret,
  PUBLIC_URL: 'http://bench.local',
  DATA_DIR: path.join(tmpdir(), 'uplink-bench'),
  SEED_DEMO: 'false',
  DEMO_CHAIN: 'false',
  LOG_LEVEL: 'silent',
});

interface BenchMember {
  id: string;
  headers: Record<string, string>;
}

/** A verified member with a downline of 100 (10 direct members with 9 each) and their bearer token. */
async function memberWithDownline(database: DatabaseHandle, app: FastifyInstance): Promise<BenchMember> {
  const member = await createMember(database.db, { subscriptionPaid: true });
  for (let direct = 0; direct < 10; direct += 1) {
    const sponsor = await addMember(database.db, member);
    for (let below = 0; below < 9; below += 1) await addMember(database.db, sponsor);
  }
  const token = app.context.sessionTokens.sign(member.id, member.session_version);
  return { id: member.id, headers: { authorization: `Bearer ${token}` } };
}

async function inProcessApp(database: DatabaseHandle): Promise<{ app: FastifyInstance; base: string }> {
  await migrateToLatest(database.db);
  const app = await buildApp({ config, db: database.db, logger: false });
  return { app, base: await app.listen({ port: 0, host: '127.0.0.1' }) };
}

interface Figures {
  /** In the order measured: before each profile round, then once at the end. */
  bare: number[];
  /** One per round. */
  profile: number[];
  history?: number;
  cluster?: { one: number; two: number };
  pglite?: number;
}

async function onPostgres(figures: Figures): Promise<void> {
  const databaseName = `uplink_bench_${randomBytes(5).toString('hex')}`;
  await withAdminClient(serverUrl, (client) => client.query(`CREATE DATABASE ${databaseName}`));
  const databaseUrl = databaseUrlOn(serverUrl, databaseName);
  try {
    const database = await openDatabase({ databaseUrl, pgliteDataDir: 'memory://', poolSize: 10 });
    let member: BenchMember;
    try {
      const { app, base } = await inProcessApp(database);
      try {
        member = await memberWithDownline(database, app);
        if (runs('profile')) {
          const measureProfile = () => measure('profile, PostgreSQL', `${base}/api/users/profile`, member.headers);
          figures.profile.push(await profiled('profile', measureProfile));
          for (let round = 1; round < rounds; round += 1) {
            if (runs('bare')) figures.bare.push(await measureBare());
            figures.profile.push(await measureProfile());
          }
        }
        if (runs('history')) {
          figures.history = await measure(
            'referral history page 1, PostgreSQL',
            `${base}/api/users/referrals/history?page=1&limit=10`,
            member.headers,
          );
        }
      } finally {
        await app.close();
      }
    } finally {
      await database.close();
    }
    if (runs('cluster')) {
      const one = await measureServerProcess(databaseUrl, 1, member.headers);
      const two = await measureServerProcess(databaseUrl, 2, member.headers);
      figures.cluster = { one, two };
    }
  } finally {
    await withAdminClient(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`));
  }
}

/** `npm start`'s entry point in production mode with `webConcurrency` API processes; the profile through it. */
async function measureServerProcess(
  databaseUrl: string,
  webConcurrency: number,
  headers: Record<string, string>,
): Promise<number> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'uplink-bench-cluster-'));
  const port = 40_000 + Math.floor(Math.random() * 10_000);
  // Production logs every request at info; the bench measures the request path, not stdout.
  const server = startServerProcess(
    productionServerEnvironment({ databaseUrl, port, dataDir, jwtSecret, webConcurrency, logLevel: 'warn' }),
  );
  try {
    const base = `http://127.0.0.1:${port}`;
    await untilAnswering(`${base}/api/healthz`, server);
    const label =
      webConcurrency === 1 ? 'profile, `npm start`, 1 process' : `profile, WEB_CONCURRENCY=${webConcurrency}`;
    return await measure(label, `${base}/api/users/profile`, headers);
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function untilAnswering(url: string, server: ServerProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`the server exited:\n${server.output()}`);
    const answered = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (answered) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer within a minute`);
}

async function onEmbedded(figures: Figures): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'uplink-bench-pglite-'));
  try {
    const database = await openDatabase({ pgliteDataDir: path.join(dataDir, 'pglite') });
    try {
      const { app, base } = await inProcessApp(database);
      try {
        const member = await memberWithDownline(database, app);
        figures.pglite = await measure('profile, PGlite (one connection)', `${base}/api/users/profile`, member.headers);
      } finally {
        await app.close();
      }
    } finally {
      await database.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function measureBare(): Promise<number> {
  const bare = Fastify({ logger: false });
  bare.get('/bare', async () => ({ success: true, message: 'OK', data: { status: 'ok' } }));
  try {
    return await measure('bare Fastify route', `${await bare.listen({ port: 0, host: '127.0.0.1' })}/bare`);
  } finally {
    await bare.close();
  }
}

function roundsFigure(ratios: number[]): string {
  if (ratios.length === 0) return 'not run';
  const median = summarise(ratios).p50.toFixed(2);
  return ratios.length === 1 ? median : `${median} (median of ${ratios.map((ratio) => ratio.toFixed(2)).join(', ')})`;
}

function printRatios(figures: Figures): void {
  const bare = summarise(figures.bare).mean;
  const ratio = (value: number | undefined) => (value === undefined ? 'not run' : (value / bare).toFixed(2));
  console.log(`\nbare route, mean of its runs: ${bare.toFixed(0)} req/s`);
  // Each round against the bare runs just before and after it.
  const profileRatios = figures.profile.map(
    (profile, round) => profile / summarise(figures.bare.slice(round, round + 2)).mean,
  );
  console.log(`profile / bare                      ${roundsFigure(profileRatios)}`);
  console.log(`referral history page 1 / bare      ${ratio(figures.history)}`);
  if (figures.cluster) {
    console.log(`\`npm start\`, 1 process / bare       ${ratio(figures.cluster.one)}`);
    console.log(`WEB_CONCURRENCY=2 / bare            ${ratio(figures.cluster.two)}`);
    console.log(`WEB_CONCURRENCY=2 / 1 process       ${(figures.cluster.two / figures.cluster.one).toFixed(2)}`);
  }
  console.log(`profile on PGlite / bare            ${ratio(figures.pglite)}`);
}

async function main(): Promise<void> {
  const [loadAtStart] = os.loadavg();
  console.log(
    `${connections} concurrent keep-alive connections, ${durationMs / 1000} s each after a ${warmUpMs / 1000} s warm-up, ${rounds} round(s) of the profile; ${os.availableParallelism()} cores, load average ${loadAtStart?.toFixed(2)}`,
  );
  const figures: Figures = { bare: [], profile: [] };
  if (runs('bare')) figures.bare.push(await measureBare());
  if (runs('profile') || runs('history') || runs('cluster')) await onPostgres(figures);
  if (runs('pglite')) await onEmbedded(figures);
  if (runs('bare')) {
    figures.bare.push(await measureBare());
    printRatios(figures);
  }
  const [loadAtEnd] = os.loadavg();
  console.log(`load average at the end ${loadAtEnd?.toFixed(2)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
