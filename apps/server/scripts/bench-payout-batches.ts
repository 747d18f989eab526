/**
 * `npm run bench:payouts` (first half): a payout batch of 10,000 pending withdrawals (100 members
 * with 100 each) created over HTTP — from a selection of ids, then, after deleting it, from the
 * list's filter — and exported in both Safe formats part by part (CSV Airdrop files of 499
 * transfers, Transaction Builder files of PAYOUT_TRANSFERS_PER_TRANSACTION), each format's parts
 * timed together (the first download starts the batch's payment) with the process's RSS sampled
 * every 20 ms against its steady RSS (taken after a warm-up export). The server and the client share this process; the client keeps nothing.
 *
 *   [BENCH_PAYMENTS=10000] [DATABASE_URL=postgres://…] npm run bench:payouts
 *
 * Runs on the embedded database (PGlite, in memory) and, when DATABASE_URL is set, on a fresh
 * database `uplink_bench_payouts` on that server (dropped at the end).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config/load-config';
import { type DatabaseHandle, openDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrator';
import { createMember } from '../src/testing/builders';
import { seedPendingWithdrawals } from '../src/testing/payout-builders';
import { benchDatabaseUrl, count, dropDatabase, loadAverage, recreateDatabase, seconds } from './bench-kit';

/** BENCH_PAYMENTS, as for the reconciliation half: `npm run bench:payouts` takes one setting for both. */
const withdrawals = Number(process.env.BENCH_PAYMENTS ?? 10_000);
const members = 100;
const databaseName = 'uplink_bench_payouts';
const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function benchConfig(databaseUrl: string | undefined): Config {
  return {
    ...loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrl,
      JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256-signing',
      DATA_DIR: path.join(os.tmpdir(), 'uplink-bench-payouts-data'),
      SEED_DEMO: 'false',
      DEMO_CHAIN: 'false',
      LOG_LEVEL: 'silent',
    }),
    webDistDir: '/nonexistent',
  };
}

interface Answer {
  status: number;
  bytes: number;
  body: string;
}

/** One request over HTTP; `keep` keeps the body (JSON answers), otherwise only its size is counted. */
function request(port: number, token: string, method: string, url: string, payload?: unknown, keep = true) {
  return new Promise<Answer>((resolve, reject) => {
    const body = payload === undefined ? undefined : JSON.stringify(payload);
    const outgoing = http.request(
      {
        port,
        method,
        path: url,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}),
        },
      },
      (response) => {
        let bytes = 0;
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          if (keep) chunks.push(chunk);
        });
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, bytes, body: Buffer.concat(chunks).toString('utf8') }),
        );
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

async function timed<T>(work: () => Promise<T>): Promise<{ result: T; seconds: number; peakRss: number }> {
  let peakRss = process.memoryUsage.rss();
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage.rss());
  }, 20);
  const started = performance.now();
  try {
    const result = await work();
    return { result, seconds: seconds(started), peakRss: Math.max(peakRss, process.memoryUsage.rss()) };
  } finally {
    clearInterval(sampler);
  }
}

function expectStatus(answer: Answer, what: string): void {
  if (answer.status !== 200) throw new Error(`${what}: HTTP ${answer.status} ${answer.body.slice(0, 300)}`);
}

async function measure(label: string, database: DatabaseHandle, databaseUrl: string | undefined): Promise<void> {
  console.log(`\n${label}`);
  const { db } = database;
  await migrateToLatest(db);
  const creator = await createMember(db, { isAdmin: true });
  const approver = await createMember(db, { isAdmin: true });
  const seeded = performance.now();
  const ids: string[] = [];
  const warmUpMember = await createMember(db, { email: 'warm.up@bench.test' });
  const warmUpIds = await seedPendingWithdrawals(db, warmUpMember, ['1', '2']);
  for (let index = 0; index < members; index += 1) {
    const member = await createMember(db, { email: `payee${index}@bench.test` });
    const amounts = Array.from(
      { length: withdrawals / members },
      (_, line) => `${1 + ((index * 7 + line) % 500)}.${String(line % 100).padStart(2, '0')}`,
    );
    ids.push(...(await seedPendingWithdrawals(db, member, amounts)));
  }
  console.log(
    `  seeded ${count(ids.length)} pending withdrawals of ${members} members in ${seconds(seeded).toFixed(1)} s`,
  );

  const app = await buildApp({ config: benchConfig(databaseUrl), db, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const creatorToken = app.context.sessionTokens.sign(creator.id);
  const approverToken = app.context.sessionTokens.sign(approver.id);
  const call = (token: string, method: string, url: string, payload?: unknown, keep = true) =>
    request(port, token, method, url, payload, keep);
  try {
    // Warm-up: every route once on a batch of two, then the steady RSS.
    const warmUp = await call(creatorToken, 'POST', '/api/withdrawals/admin/batches', { withdrawalIds: warmUpIds });
    expectStatus(warmUp, 'warm-up batch');
    const warmUpId = JSON.parse(warmUp.body).data._id;
    for (const format of ['safe-csv', 'safe-json']) {
      expectStatus(
        await call(creatorToken, 'GET', `/api/withdrawals/admin/batches/${warmUpId}/export?format=${format}`),
        'warm-up export',
      );
    }
    // Exported is under way: released (nothing was paid) before it can be deleted.
    expectStatus(
      await call(creatorToken, 'POST', `/api/withdrawals/admin/batches/${warmUpId}/release`, { reason: 'Warm-up' }),
      'warm-up release',
    );
    expectStatus(await call(creatorToken, 'DELETE', `/api/withdrawals/admin/batches/${warmUpId}`), 'warm-up deletion');

    const bySelection = await timed(() =>
      call(creatorToken, 'POST', '/api/withdrawals/admin/batches', { withdrawalIds: ids }),
    );
    expectStatus(bySelection.result, 'batch of the selection');
    const selected = JSON.parse(bySelection.result.body).data;
    console.log(
      `  create from ${count(ids.length)} ids (${megabytes(JSON.stringify({ withdrawalIds: ids }).length)} body): ${bySelection.seconds.toFixed(2)} s → ${count(selected.count)} lines, ${selected.total} USDT`,
    );
    const deletion = await timed(() => call(creatorToken, 'DELETE', `/api/withdrawals/admin/batches/${selected._id}`));
    expectStatus(deletion.result, 'deletion');
    console.log(`  delete it (nothing paid): ${deletion.seconds.toFixed(2)} s`);

    const byFilter = await timed(() =>
      call(creatorToken, 'POST', '/api/withdrawals/admin/batches', { filter: { search: 'payee' } }),
    );
    expectStatus(byFilter.result, 'batch of the filter');
    const batch = JSON.parse(byFilter.result.body).data;
    console.log(`  create from the filter: ${byFilter.seconds.toFixed(2)} s → ${count(batch.count)} lines`);
    const approval = await timed(() =>
      call(approverToken, 'POST', `/api/withdrawals/admin/batches/${batch._id}/approve`),
    );
    expectStatus(approval.result, 'approval');
    const detail = await timed(() => call(creatorToken, 'GET', `/api/withdrawals/admin/batches/${batch._id}?limit=50`));
    expectStatus(detail.result, 'detail');
    const list = await timed(() => call(creatorToken, 'GET', '/api/withdrawals/admin/batches'));
    expectStatus(list.result, 'list');
    console.log(
      `  second approval ${approval.seconds.toFixed(3)} s, detail (first 50 lines) ${detail.seconds.toFixed(3)} s, list ${list.seconds.toFixed(3)} s`,
    );

    const parts = JSON.parse(detail.result.body).data.parts as { format: string; part: number }[];
    for (const format of ['safe-csv', 'safe-json']) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      const steady = process.memoryUsage.rss();
      const ofFormat = parts.filter((part) => part.format === format);
      const times: number[] = [];
      const download = await timed(async () => {
        let bytes = 0;
        for (const { part } of ofFormat) {
          const started = performance.now();
          const answer = await call(
            creatorToken,
            'GET',
            `/api/withdrawals/admin/batches/${batch._id}/export?format=${format}&part=${part}`,
            undefined,
            false,
          );
          expectStatus(answer, `export ${format} part ${part}`);
          times.push(seconds(started));
          bytes += answer.bytes;
        }
        return bytes;
      });
      console.log(
        `  export ${format}: ${ofFormat.length} ${ofFormat.length === 1 ? 'part' : 'parts'}, ${megabytes(download.result)} in ${download.seconds.toFixed(2)} s (the first, which starts the payment and claims every withdrawal, ${times[0]?.toFixed(2)} s; the others ${((download.seconds - (times[0] ?? 0)) / Math.max(1, ofFormat.length - 1)).toFixed(3)} s each); RSS steady ${megabytes(steady)}, peak ${megabytes(download.peakRss)} (+${megabytes(download.peakRss - steady)})`,
      );
    }
  } finally {
    await app.close();
  }
}

async function main(): Promise<void> {
  console.log(`Load average at start (1 / 5 / 15 min): ${loadAverage()}`);
  const embedded = await openDatabase({ pgliteDataDir: 'memory://' });
  try {
    await measure('PGlite (embedded, in memory)', embedded, undefined);
  } finally {
    await embedded.close();
  }
  if (process.env.DATABASE_URL) {
    await recreateDatabase(databaseName);
    const url = benchDatabaseUrl(databaseName);
    const server = await openDatabase({ databaseUrl: url, pgliteDataDir: 'memory://' });
    try {
      await measure(`PostgreSQL (${new URL(url).host})`, server, url);
    } finally {
      await server.close();
      await dropDatabase(databaseName);
    }
  }
  console.log(`\nLoad average at the end (1 / 5 / 15 min): ${loadAverage()}`);
}

await main();
