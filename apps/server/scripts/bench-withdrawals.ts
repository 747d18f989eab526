/**
 * `npm run bench:withdrawals` (PostgreSQL): two figures of the withdrawals capability, each
 * beside its baseline in the same run.
 *
 * 1. The member's whole path — request a code, verify it (read from the outbox, as the member
 *    reads the mail), create the withdrawal — as flows per second and HTTP requests per second,
 *    with `BENCH_CONCURRENCY` members going through it at once for `BENCH_DURATION_MS`.
 * 2. The administrators' first page of `GET /api/withdrawals/admin/all` with its statistics at
 *    `BENCH_WITHDRAWALS` (1,000,000) withdrawals: p50/p95 over 200 calls beside the p95 of the
 *    same SQL run bare through node-postgres.
 *
 * 3. Creations alone (a verified code already in place): `BENCH_SPREAD_MEMBERS` (64) different
 *    members at once against one member at a time, as creations per second and their ratio, with
 *    the counters spread over slots (migration 0110) and again folded onto one row per key (the
 *    design before it, by making `counter_slot()` answer 0). With one row, creations of different
 *    members queue on the PENDING totals row and the ratio stays near 1.
 *
 * Runs in a fresh database `uplink_bench_withdrawals` on DATABASE_URL's server (dropped at the
 * end). The server and the load share this process, so figures include the client's own work.
 */
import { randomBytes } from 'node:crypto';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { getAddress, Wallet } from 'ethers';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config/load-config';
import { openDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrator';
import { hashPassword } from '../src/modules/accounts/password-hashing';
import { SandboxExchangeGateway } from '../src/modules/exchange/sandbox-exchange-gateway';
import { hashCode } from '../src/modules/withdrawals/withdrawal-code-hash';
import { databaseUrlOn, withAdminClient } from '../src/testing/test-database';
import { insertBenchWithdrawals } from './bench-withdrawal-rows';

const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const withdrawals = Number(process.env.BENCH_WITHDRAWALS ?? 1_000_000);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 16);
const durationMs = Number(process.env.BENCH_DURATION_MS ?? 10_000);
const members = 10_000;
const spreadMembers = Number(process.env.BENCH_SPREAD_MEMBERS ?? 64);
const creationsPerMember = 10;
const databaseName = 'uplink_bench_withdrawals';
const memberPassword = 'Bench!Pass123';

const percentile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0;
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

console.log(`load average at start: ${load()}`);
await withAdminClient(serverUrl, async (client) => {
  await client.query(`DROP DATABASE IF EXISTS ${databaseName}`);
  await client.query(`CREATE DATABASE ${databaseName}`);
});
const databaseUrl = databaseUrlOn(serverUrl, databaseName);
const database = await openDatabase({ databaseUrl, pgliteDataDir: 'memory://' });
const db = database.db;

try {
  await migrateToLatest(db);
  const config = {
    ...loadConfig({
      NODE_ENV: 'test',
      JWT_SECRET: randomBytes(32).toString('base64url'),
      PUBLIC_URL: 'http://bench.local',
      DATA_DIR: path.join(tmpdir(), 'uplink-bench'),
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'silent',
      MAX_PENDING_WITHDRAWALS: '1000',
    }),
  };

  // Members: onboarded (paid, linked) and each credited a large balance, set-based.
  const started = performance.now();
  const passwordHash = await hashPassword(memberPassword);
  await sql`
    INSERT INTO users (first_name, last_name, email, password_hash, is_email_verified, referral_code,
                       bingx_uid, bingx_balance, bingx_linked_at, subscription_paid_at, subscription_period_ends_at,
                       subscription_amount, created_at, updated_at)
    SELECT 'Bench', 'Member' || n, 'member' || n || '@bench.test', ${passwordHash}, true, 'B' || lpad(n::text, 7, '0'),
           (700000000 + n)::text, 500, now(), now(), now() + interval '365 days', 10, now(), now()
      FROM generate_series(1, ${members}) AS n`.execute(db);
  await sql`
    INSERT INTO ledger_entries (account_id, kind, amount, reason_type, reason_id, created_at)
    SELECT id, 'CREDIT_POSTED', 1000000000, 'REWARD', 'bench-' || id, now() FROM users`.execute(db);
  const admins = await sql<{ id: string }>`
    INSERT INTO users (first_name, last_name, email, password_hash, is_email_verified, is_admin, admin_role, admin_status, referral_code, created_at, updated_at)
    VALUES ('Bench', 'Admin', 'admin@bench.test', ${passwordHash}, true, true, 'OWNER', 'ACTIVE', 'BADMIN01', now(), now())
    RETURNING id`.execute(db);

  // Withdrawals: codes, holds and rows in bulk; 5 % pending, the rest decided. Triggers are off
  // for the load (replica role) and the per-status totals are computed once afterwards.
  const seeding = await database.pool.connect();
  try {
    await seeding.query('BEGIN');
    await seeding.query('SET LOCAL session_replication_role = replica');
    await seeding.query(
      `
      CREATE TEMP TABLE bench_rows ON COMMIT DROP AS
      WITH numbered AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS k FROM users WHERE NOT is_admin)
      SELECT n, gen_random_uuid() AS withdrawal_id, gen_random_uuid() AS code_id, m.id AS member_id
        FROM generate_series(1, $1::int) AS n
        JOIN numbered m ON m.k = n % $2::int`,
      [withdrawals, members],
    );
    await insertBenchWithdrawals(seeding, admins.rows[0]!.id);
    await seeding.query('COMMIT');
  } catch (error) {
    await seeding.query('ROLLBACK');
    throw error;
  } finally {
    seeding.release();
  }
  await sql`ANALYZE`.execute(db);
  console.log(
    `seeded ${members.toLocaleString('en-US')} members and ${withdrawals.toLocaleString('en-US')} withdrawals in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );

  const app = await buildApp({
    config,
    db,
    logger: false,
    integrations: { exchangeGateway: new SandboxExchangeGateway(), depositChain: null },
  });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const call = async (method: string, route: string, token: string, body?: unknown) => {
    const response = await fetch(`${base}${route}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const envelope = (await response.json()) as { success: boolean; data: unknown; message: string };
    if (!envelope.success) throw new Error(`${method} ${route}: ${response.status} ${envelope.message}`);
    return envelope.data;
  };
  // Every flow takes the next member, so no member meets the per-member limits on codes.
  const memberRows = await db.selectFrom('users').select(['id', 'email']).where('is_admin', '=', false).execute();
  let nextMember = 0;

  // 1. The member's path, `concurrency` members at once.
  let flows = 0;
  const flowLatencies: number[] = [];
  const until = Date.now() + durationMs;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < until) {
        const member = memberRows[nextMember++ % memberRows.length] as { id: string; email: string };
        const token = app.context.sessionTokens.sign(member.id);
        const flowStarted = performance.now();
        await call('POST', '/api/otp/withdrawal/request', token);
        const mail = await db
          .selectFrom('mail_outbox')
          .select('text')
          .where('to_address', '=', member.email)
          .orderBy('created_at', 'desc')
          .limit(1)
          .executeTakeFirstOrThrow();
        const otp = mail.text.match(/withdrawal is (\d{6})/)?.[1] as string;
        await call('POST', '/api/otp/withdrawal/verify', token, { otp });
        await call('POST', '/api/withdrawals', token, {
          amount: '1.25',
          walletAddress: Wallet.createRandom().address,
          asset: 'USDT',
          otp,
        });
        flowLatencies.push(performance.now() - flowStarted);
        flows += 1;
      }
    }),
  );
  flowLatencies.sort((a, b) => a - b);
  const seconds = durationMs / 1000;
  console.log(
    `\nrequest → verify → create: ${(flows / seconds).toFixed(1)} flows/s = ${((3 * flows) / seconds).toFixed(0)} requests/s (${concurrency} members at once, ${flows} flows; flow p50 ${percentile(flowLatencies, 0.5).toFixed(0)} ms, p95 ${percentile(flowLatencies, 0.95).toFixed(0)} ms)`,
  );

  // 2. The administrators' first page with statistics, beside its bare SQL.
  const adminToken = app.context.sessionTokens.sign(admins.rows[0]?.id as string);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const bareQueries = async () => {
    await Promise.all([
      pool.query(`SELECT w.*, u.first_name, u.last_name, u.email, u.user_id FROM withdrawals w JOIN users u ON u.id = w.user_id
                   ORDER BY w.requested_at DESC, w.id DESC LIMIT 10 OFFSET 0`),
      pool.query('SELECT * FROM withdrawal_totals'),
    ]);
  };
  const timeIt = async (work: () => Promise<unknown>, runs: number) => {
    for (let index = 0; index < 20; index += 1) await work();
    const times: number[] = [];
    for (let index = 0; index < runs; index += 1) {
      const at = performance.now();
      await work();
      times.push(performance.now() - at);
    }
    return times.sort((a, b) => a - b);
  };
  const listed = (await call('GET', '/api/withdrawals/admin/all?page=1&limit=10', adminToken)) as {
    statistics: { total: number };
  };
  if (listed.statistics.total < withdrawals) throw new Error('the statistics do not count the seeded withdrawals');
  const api = await timeIt(() => call('GET', '/api/withdrawals/admin/all?page=1&limit=10', adminToken), 200);
  const bare = await timeIt(bareQueries, 200);
  const apiP95 = percentile(api, 0.95);
  const bareP95 = percentile(bare, 0.95);
  console.log(
    `admin list, first page + statistics, ${listed.statistics.total.toLocaleString('en-US')} withdrawals: p50 ${percentile(api, 0.5).toFixed(1)} ms, p95 ${apiP95.toFixed(1)} ms; bare SQL p95 ${bareP95.toFixed(1)} ms; ratio ${(apiP95 / bareP95).toFixed(2)}`,
  );
  await pool.end();

  // 3. Creations alone: many members at once against one at a time, slots spread and folded.
  const creators = memberRows.slice(-spreadMembers);
  const code = '424242';
  const createFor = async (member: { id: string }) => {
    await db
      .insertInto('withdrawal_codes')
      .values({
        user_id: member.id,
        code_hash: hashCode(config.keys.codeHmac, member.id, code),
        created_at: new Date(),
        expires_at: new Date(Date.now() + 600_000),
        verified_at: new Date(),
      })
      .execute();
    const walletAddress = getAddress(`0x${randomBytes(20).toString('hex')}`);
    await call('POST', '/api/withdrawals', app.context.sessionTokens.sign(member.id), {
      amount: '1.25',
      walletAddress,
      asset: 'USDT',
      otp: code,
    });
  };
  const creationsPerSecond = async (atOnce: boolean) => {
    const at = performance.now();
    if (atOnce) {
      await Promise.all(
        creators.map(async (member) => {
          for (let index = 0; index < creationsPerMember; index += 1) await createFor(member);
        }),
      );
    } else {
      for (const member of creators.slice(0, Math.ceil(spreadMembers / 4))) {
        for (let index = 0; index < creationsPerMember; index += 1) await createFor(member);
      }
    }
    const created = atOnce ? spreadMembers * creationsPerMember : Math.ceil(spreadMembers / 4) * creationsPerMember;
    return created / ((performance.now() - at) / 1000);
  };
  const compare = async (label: string) => {
    const alone = await creationsPerSecond(false);
    const together = await creationsPerSecond(true);
    console.log(
      `creations, counters ${label}: one member at a time ${alone.toFixed(1)}/s, ${spreadMembers} members at once ${together.toFixed(1)}/s, ratio ${(together / alone).toFixed(2)}`,
    );
  };
  await compare('spread over slots');
  await sql`CREATE OR REPLACE FUNCTION counter_slot() RETURNS smallint LANGUAGE sql VOLATILE AS $$ SELECT 0::smallint $$`.execute(
    db,
  );
  await compare('on one row (before 0110)');
  await app.close();
} finally {
  await database.close();
  await withAdminClient(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${databaseName}`));
  console.log(`load average at end: ${load()}`);
}
