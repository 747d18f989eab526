/**
 * `npm run bench:risk -- --members 1000000 --withdrawals 50000` (PostgreSQL): what the risk review
 * costs.
 *
 * 1. The rules' cost added to a registration and to a withdrawal's creation: the same write
 *    timed with and without the rules' evaluation in its transaction, alternating run by run so
 *    both see the same load; p50/p95 side by side and the p95 added.
 * 2. The backfill over the whole network (the existing data when the feature is deployed): its
 *    time, with the events it opened.
 *
 * The network is written in bulk with SQL (one sign-up a minute, each under an earlier member, 1 % of the e-mails
 * Gmail aliases of another, 1 % of the withdrawals to a shared address, half the members paid, 1 %
 * of them from a shared wallet), the triggers off as the other benches load. Runs in a fresh
 * database `uplink_bench_risk` on DATABASE_URL's server, dropped at the end unless --keep.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { openDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrator';
import { newReferralCode } from '../src/modules/accounts/referral-codes';
import { normalizeEmail } from '../src/modules/risk/email-identity';
import { evaluateRegistration, evaluateWithdrawal } from '../src/modules/risk/evaluate-risk';
import { backfillRiskReview } from '../src/modules/risk/risk-backfill';
import {
  benchConfig,
  benchDatabaseUrl,
  count,
  dropDatabase,
  loadAverage,
  ms,
  recreateDatabase,
  seconds,
  summarise,
} from './bench-kit';

const { values } = parseArgs({
  options: {
    members: { type: 'string', default: '1000000' },
    withdrawals: { type: 'string', default: '50000' },
    runs: { type: 'string', default: '300' },
    keep: { type: 'boolean', default: false },
  },
});
const members = Number(values.members);
const withdrawals = Number(values.withdrawals);
const runs = Number(values.runs);
if (!Number.isInteger(members) || members < 100 || !Number.isInteger(withdrawals) || withdrawals < 1) {
  throw new Error('--members must be an integer ≥ 100 and --withdrawals ≥ 1');
}
const databaseName = 'uplink_bench_risk';
const url = benchDatabaseUrl(databaseName);

await recreateDatabase(databaseName);
const database = await openDatabase({ databaseUrl: url, pgliteDataDir: 'memory://' });
const { db } = database;
const config = benchConfig(url, 'bench-risk');

try {
  await migrateToLatest(db);
  console.log(`Writing ${count(members)} members and ${count(withdrawals)} withdrawals…`);
  let started = performance.now();
  await seedNetwork();
  console.log(`  written in ${seconds(started).toFixed(1)} s (load ${loadAverage()})`);

  started = performance.now();
  const backfill = await backfillRiskReview(db, config.risk, new Date());
  const backfillSeconds = seconds(started);

  const sponsors = await db.selectFrom('users').select('id').orderBy('seq').limit(1000).execute();
  const withdrawer = await db
    .selectFrom('users')
    .select('id')
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  const registration = await timeWithAndWithout(async (withRules) => {
    const email = `bench.${randomBytes(6).toString('hex')}@gmail.com`;
    const sponsor = sponsors[Math.floor(Math.random() * sponsors.length)]?.id as string;
    await db.transaction().execute(async (trx) => {
      const member = await trx
        .insertInto('users')
        .values({
          first_name: 'Bench',
          last_name: 'Member',
          email,
          normalized_email: normalizeEmail(email),
          password_hash: 'x',
          referral_code: newReferralCode(),
          sponsor_id: sponsor,
        })
        .returning(['id', 'created_at'])
        .executeTakeFirstOrThrow();
      const clientAddress = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.1`;
      await trx
        .insertInto('registration_client_addresses')
        .values({ user_id: member.id, address: clientAddress, registered_at: member.created_at })
        .execute();
      if (!withRules) return;
      await evaluateRegistration(
        trx,
        config.risk,
        {
          id: member.id,
          email,
          normalizedEmail: normalizeEmail(email),
          sponsorId: sponsor,
          registeredAt: member.created_at,
          clientAddress,
        },
        new Date(),
      );
    });
  });
  const withdrawal = await timeWithAndWithout(async (withRules) => {
    const address = `0x${randomBytes(20).toString('hex')}`;
    await db.transaction().execute(async (trx) => {
      // The row as a creation writes it; its code and hold are not what is measured here.
      await sql`SET LOCAL session_replication_role = replica`.execute(trx);
      await trx
        .insertInto('withdrawals')
        .values({
          id: randomUUID(),
          user_id: withdrawer.id,
          amount: '10',
          wallet_address: address,
          code_id: randomUUID(),
          hold_entry_id: String(1_000_000_000 + Math.floor(Math.random() * 1e12)),
          requested_at: new Date(),
        } as never)
        .execute();
      if (withRules) await evaluateWithdrawal(trx, config.risk, address, new Date());
    });
  });

  console.log(`\nbench:risk — ${count(members)} members, ${count(withdrawals)} withdrawals (load ${loadAverage()})`);
  console.log('| write | without rules p50 / p95 | with rules p50 / p95 | p95 added |');
  console.log('|---|---|---|---|');
  for (const [name, timing] of [
    ['registration', registration],
    ['withdrawal creation', withdrawal],
  ] as const) {
    console.log(
      `| ${name} | ${ms(timing.without.p50)} / ${ms(timing.without.p95)} ms | ${ms(timing.with.p50)} / ${ms(timing.with.p95)} ms | ${ms(timing.with.p95 - timing.without.p95)} ms |`,
    );
  }
  console.log(
    `\nBackfill: ${backfillSeconds.toFixed(1)} s (${count(backfill.normalisedEmails)} e-mails normalised, ${count(backfill.clustersEvaluated)} clusters evaluated, ${count(backfill.eventsOpened)} events opened)`,
  );
} finally {
  await database.close();
  if (!values.keep) await dropDatabase(databaseName);
}

/** The write with and without the rules, alternating run by run after a few warm-ups. */
async function timeWithAndWithout(write: (withRules: boolean) => Promise<void>) {
  for (let index = 0; index < 20; index += 1) await write(index % 2 === 0);
  const withRules: number[] = [];
  const withoutRules: number[] = [];
  for (let index = 0; index < runs; index += 1) {
    let started = performance.now();
    await write(true);
    withRules.push(performance.now() - started);
    started = performance.now();
    await write(false);
    withoutRules.push(performance.now() - started);
  }
  return { with: summarise(withRules), without: summarise(withoutRules) };
}

/** The network in bulk: members under sponsors of 50, their subscriptions, their withdrawals. */
async function seedNetwork(): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`SET LOCAL session_replication_role = replica`.execute(trx);
    await sql`
      INSERT INTO users (id, first_name, last_name, email, password_hash, referral_code, sponsor_id, deposit_address,
                         created_at, updated_at)
      SELECT ids.id, 'Bench', 'Member',
             CASE WHEN n % 100 = 0 AND n > 1 THEN 'm.' || (n - 1)::text || '+alias@gmail.com'
                  ELSE 'm' || n::text || '@gmail.com' END,
             'x', 'B' || lpad(to_hex(n), 9, '0'), NULL,
             '0x' || substr(md5('deposit' || n::text) || md5('deposit2' || n::text), 1, 40),
             now() - make_interval(mins => ${members}::int - n), now()
        FROM generate_series(1, ${members}::int) AS n
        CROSS JOIN LATERAL (SELECT md5('member' || n::text)::uuid AS id) ids`.execute(trx);
    await sql`
      UPDATE users u SET sponsor_id = md5('member' || (1 + ((s.n * 48271) % 2147483647) % (s.n - 1))::text)::uuid
        FROM (SELECT id, row_number() OVER (ORDER BY created_at) AS n FROM users) s
       WHERE u.id = s.id AND s.n > 1`.execute(trx);
    await sql`
      INSERT INTO deposit_transfers (user_id, tx_hash, log_index, block_number, block_hash, block_time, from_address,
                                     to_address, amount, credited_period_ends_at)
      SELECT md5('member' || n::text)::uuid, '0x' || md5('tx' || n::text) || md5('tx2' || n::text), 0, n, '0x' || md5('b' || n::text),
             now(), CASE WHEN n % 100 < 2 THEN '0x' || substr(md5('shared' || (n / 100)::text) || md5('s2' || (n / 100)::text), 1, 40)
                         ELSE '0x' || substr(md5('from' || n::text) || md5('from2' || n::text), 1, 40) END,
             '0x' || substr(md5('deposit' || n::text) || md5('deposit2' || n::text), 1, 40), 10, now() + interval '365 days'
        FROM generate_series(1, ${members}::int, 2) AS n`.execute(trx);
    await sql`
      INSERT INTO withdrawals (id, user_id, amount, wallet_address, code_id, hold_entry_id, requested_at, status, reason,
                               processed_at)
      SELECT gen_random_uuid(), md5('member' || (1 + (n * 7919) % ${members}::int)::text)::uuid, 10,
             CASE WHEN n % 100 < 2 THEN '0x' || substr(md5('payout' || (n / 100)::text) || md5('p2' || (n / 100)::text), 1, 40)
                  ELSE '0x' || substr(md5('to' || n::text) || md5('to2' || n::text), 1, 40) END,
             gen_random_uuid(), n, now() - make_interval(mins => n), 'REJECTED', 'Bench', now()
        FROM generate_series(1, ${withdrawals}::int) AS n`.execute(trx);
  });
  await sql`ANALYZE`.execute(db);
}
