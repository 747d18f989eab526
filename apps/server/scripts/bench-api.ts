/**
 * `npm run bench:api`: requests per second of the authenticated `GET /api/users/profile` (the
 * whole stack: JWT check, one user query, zod serialization) on PostgreSQL and on the embedded
 * database (PGlite, one connection: every statement takes its turn), next to a bare Fastify route
 * returning a small JSON, all measured in the same run with the same loopback load generator.
 *
 * PostgreSQL: DATABASE_URL (or postgres://postgres@127.0.0.1:5432/test), in a fresh database that
 * is dropped at the end. PGlite: a fresh on-disk data directory in the temporary directory, as
 * `npm start` uses, removed at the end. The load generator runs in a worker thread (keep-alive
 * connections, a fixed number of concurrent requests, fixed duration) so it does not share the
 * server's event loop.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app';
import { ensureRootAdmin } from '../src/bootstrap/root-admin';
import { loadConfig } from '../src/config';
import { type DatabaseHandle, openDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrator';

const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const durationMs = Number(process.env.BENCH_DURATION_MS ?? 5000);
const warmUpMs = 1000;
const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

interface LoadResult {
  ok: number;
  failed: number;
  seconds: number;
  p50: number;
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
  parentPort.postMessage({ ok, failed, seconds, p50: at(0.5), p99: at(0.99) });
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

async function measure(name: string, url: string, headers: Record<string, string> = {}) {
  await load(url, headers, warmUpMs);
  const result = await load(url, headers, durationMs);
  if (result.failed > 0) throw new Error(`${name}: ${result.failed} requests did not answer 200`);
  const perSecond = result.ok / result.seconds;
  console.log(
    `${name.padEnd(38)} ${perSecond.toFixed(0).padStart(7)} req/s   p50 ${result.p50.toFixed(1)} ms   p99 ${result.p99.toFixed(1)} ms   (${result.ok} requests)`,
  );
  return perSecond;
}

async function withAdminClient(work: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}

async function listen(app: FastifyInstance): Promise<string> {
  return app.listen({ port: 0, host: '127.0.0.1' });
}

const config = loadConfig({
  NODE_ENV: 'test',
  JWT_SECRET: randomBytes(32).toString('base64url'),
  PUBLIC_URL: 'http://bench.local',
  DATA_DIR: path.join(tmpdir(), 'uplink-bench'),
  SEED_DEMO: 'false',
  DEMO_CHAIN: 'false',
  LOG_LEVEL: 'silent',
});

/** The real app on `database` (migrated here) and a verified, signed-in member's bearer token. */
async function appWithMember(database: DatabaseHandle): Promise<{ app: FastifyInstance; base: string; token: string }> {
  await migrateToLatest(database.db);
  const app = await buildApp({ config, db: database.db, logger: false });
  const base = await listen(app);
  const root = await ensureRootAdmin(database.db, config);
  const member = { email: 'bench@example.com', password: 'Bench!Pass123' };
  const post = (route: string, body: object) =>
    fetch(`${base}${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  await post('/api/users/register', {
    firstName: 'Bench',
    lastName: 'Member',
    ...member,
    referredByCode: root.referralCode,
  });
  const mail = await database.db
    .selectFrom('mail_outbox')
    .select('text')
    .where('to_address', '=', member.email)
    .executeTakeFirstOrThrow();
  const verificationToken = mail.text.match(/token=([\w-]+)/)?.[1] as string;
  await post('/api/users/verify-email', { token: verificationToken });
  const signedIn = (await (await post('/api/users/login', member)).json()) as { data: { token: string } };
  return { app, base, token: signedIn.data.token };
}

async function measureProfile(name: string, database: DatabaseHandle): Promise<number> {
  const { app, base, token } = await appWithMember(database);
  try {
    return await measure(name, `${base}/api/users/profile`, { authorization: `Bearer ${token}` });
  } finally {
    await app.close();
  }
}

async function onPostgres(): Promise<number> {
  const databaseName = `uplink_bench_${randomBytes(5).toString('hex')}`;
  await withAdminClient((client) => client.query(`CREATE DATABASE ${databaseName}`));
  const url = new URL(serverUrl);
  url.pathname = `/${databaseName}`;
  try {
    const database = await openDatabase({ databaseUrl: url.toString(), pgliteDataDir: 'memory://', poolSize: 10 });
    try {
      return await measureProfile('GET /api/users/profile (auth, PG)', database);
    } finally {
      await database.close();
    }
  } finally {
    await withAdminClient((client) => client.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`));
  }
}

async function onEmbedded(): Promise<number> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'uplink-bench-pglite-'));
  try {
    const database = await openDatabase({ pgliteDataDir: path.join(dataDir, 'pglite') });
    try {
      return await measureProfile('GET /api/users/profile (auth, PGlite)', database);
    } finally {
      await database.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function onBareFastify(): Promise<number> {
  const bare = Fastify({ logger: false });
  bare.get('/bare', async () => ({ success: true, message: 'OK', data: { status: 'ok' } }));
  try {
    return await measure('bare Fastify route', `${await listen(bare)}/bare`);
  } finally {
    await bare.close();
  }
}

async function main(): Promise<void> {
  console.log(
    `${connections} concurrent keep-alive connections, ${durationMs / 1000} s each after a ${warmUpMs / 1000} s warm-up`,
  );
  const postgres = await onPostgres();
  const embedded = await onEmbedded();
  const baseline = await onBareFastify();
  console.log(`profile / bare = ${(postgres / baseline).toFixed(2)}`);
  console.log(`profile on PGlite / bare = ${(embedded / baseline).toFixed(2)}`);
  console.log(`PGlite (one connection) / PostgreSQL (pool of 10) = ${(embedded / postgres).toFixed(2)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
