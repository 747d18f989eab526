import { type Kysely, sql } from 'kysely';
import type { RiskConfig } from '../../config/risk-config';
import type { Database } from '../../db/schema';
import { isDisposableDomain, normalizeEmail } from './email-identity';
import { type ClusterFinding, lockClusters, recordFinding } from './risk-events-repository';
// The backfill replays the very findings the live writes record.
import * as findings from './risk-findings';

/** Members whose e-mail is normalised per statement. */
const normaliseChunk = 5_000;

export interface BackfillReport {
  /** False when it had run already: it runs once per database. */
  ran: boolean;
  normalisedEmails: number;
  clustersEvaluated: number;
  eventsOpened: number;
}

/**
 * Goes once over the data that existed before the rules (when the feature is deployed): writes
 * the members' normalised e-mails, then evaluates every rule over the clusters the data already
 * holds, found by grouping queries (not member by member), each cluster in a transaction of its
 * own under its lock, as a live write would. Idempotent: an open event only gains members, a
 * resolved one is not raised again by the same evidence, and a finished backfill leaves its row.
 */
export async function backfillRiskReview(db: Kysely<Database>, config: RiskConfig, now: Date): Promise<BackfillReport> {
  const report: BackfillReport = { ran: false, normalisedEmails: 0, clustersEvaluated: 0, eventsOpened: 0 };
  if (await db.selectFrom('risk_backfill').select('finished_at').executeTakeFirst()) return report;
  report.ran = true;
  report.normalisedEmails = await normaliseEmails(db);

  const evaluate = async (
    rule: ClusterFinding['rule'],
    clusterKey: string,
    find: (trx: Kysely<Database>) => Promise<ClusterFinding | null>,
  ) => {
    report.clustersEvaluated += 1;
    const recorded = await db.transaction().execute(async (trx) => {
      await lockClusters(trx, [{ rule, clusterKey }]);
      const finding = await find(trx);
      return finding ? recordFinding(trx, finding, now) : null;
    });
    if (recorded?.opened) report.eventsOpened += 1;
  };

  for (const { key } of await sharedKeys(
    db,
    sql`
      SELECT normalized_email AS key FROM users WHERE normalized_email IS NOT NULL AND deleted_at IS NULL
       GROUP BY normalized_email HAVING count(*) > 1`,
  )) {
    await evaluate('EMAIL_ALIAS', key, (trx) => findings.emailAliasFinding(trx, key));
  }
  for (const { sponsor_id: sponsorId, at } of await db
    .selectFrom(
      db
        .selectFrom('users')
        .select([
          'sponsor_id',
          'created_at as at',
          sql<number>`count(*) OVER (PARTITION BY sponsor_id ORDER BY created_at RANGE BETWEEN interval '1 hour' PRECEDING AND CURRENT ROW)`.as(
            'signups',
          ),
        ])
        .where('sponsor_id', 'is not', null)
        .as('windows'),
    )
    .select(['sponsor_id', 'at'])
    .where('signups', '>', config.signupsPerSponsorHour)
    // Once per sponsor and clock hour, at its last sign-up over the setting: that window reaches
    // back over the hour's earlier ones, the previous hour's evaluation over the rest.
    .distinctOn(['sponsor_id', sql`date_trunc('hour', at)`])
    .orderBy('sponsor_id')
    .orderBy(sql`date_trunc('hour', at)`)
    .orderBy('at', 'desc')
    .execute()) {
    const sponsor = sponsorId as string;
    await evaluate('REGISTRATION_BURST', `sponsor:${sponsor}`, (trx) =>
      findings.sponsorBurstFinding(trx, config, sponsor, at),
    );
  }
  for (const { address, at } of await db
    .selectFrom(
      db
        .selectFrom('registration_client_addresses')
        .select([
          'address',
          'registered_at as at',
          sql<number>`count(*) OVER (PARTITION BY address ORDER BY registered_at RANGE BETWEEN interval '24 hours' PRECEDING AND CURRENT ROW)`.as(
            'signups',
          ),
        ])
        .as('windows'),
    )
    .select(['address', 'at'])
    .where('signups', '>', config.signupsPerClientAddressDay)
    .distinctOn(['address', sql`date_trunc('day', at)`])
    .orderBy('address')
    .orderBy(sql`date_trunc('day', at)`)
    .orderBy('at', 'desc')
    .execute()) {
    await evaluate('REGISTRATION_BURST', `client:${address}`, (trx) =>
      findings.clientAddressBurstFinding(trx, config, address, at),
    );
  }
  for (const member of await disposableMembers(db)) {
    await evaluate('DISPOSABLE_EMAIL', `member:${member.id}`, (trx) => findings.disposableEmailFinding(trx, member));
  }
  for (const { key } of await sharedKeys(
    db,
    sql`
      SELECT lower(from_address) AS key FROM deposit_transfers WHERE credited_period_ends_at IS NOT NULL
       GROUP BY lower(from_address) HAVING count(DISTINCT user_id) > 1`,
  )) {
    await evaluate('SHARED_FUNDING_WALLET', key, (trx) => findings.sharedFundingWalletFinding(trx, config, key));
  }
  for (const { key } of await sharedKeys(
    db,
    sql`
      SELECT lower(wallet_address) AS key FROM withdrawals
       GROUP BY lower(wallet_address) HAVING count(DISTINCT user_id) > 1`,
  )) {
    await evaluate('SHARED_WITHDRAWAL_WALLET', key, async (trx) =>
      findings.sharedWithdrawalWalletFinding(
        config,
        key,
        await findings.findWithdrawalsTo(trx, key),
        await findings.findAttemptsTo(trx, key),
      ),
    );
  }
  for (const { key } of await sharedKeys(
    db,
    sql`
      SELECT DISTINCT lower(w.wallet_address) AS key FROM withdrawals w
       WHERE EXISTS (SELECT 1 FROM users u WHERE lower(u.deposit_address) = lower(w.wallet_address))
          OR EXISTS (SELECT 1 FROM deposit_transfers d
                      WHERE lower(d.from_address) = lower(w.wallet_address)
                        AND d.credited_period_ends_at IS NOT NULL AND d.user_id <> w.user_id)`,
  )) {
    await evaluate('CIRCULAR_FUNDS', key, async (trx) =>
      findings.circularFundsFinding(trx, config, key, await findings.findWithdrawalsTo(trx, key)),
    );
  }
  await db
    .insertInto('risk_backfill')
    .values({ finished_at: now })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
  return report;
}

async function sharedKeys(db: Kysely<Database>, query: ReturnType<typeof sql>): Promise<{ key: string }[]> {
  return (await query.execute(db)).rows as { key: string }[];
}

/**
 * Writes `normalized_email` where it is missing, a chunk of members per statement, walking the
 * primary key from where the last chunk ended (restarting from the first id each time re-read the
 * chunks already written: a quadratic six minutes at a million members).
 */
async function normaliseEmails(db: Kysely<Database>): Promise<number> {
  let written = 0;
  let after: string | null = null;
  for (;;) {
    let chunk = db.selectFrom('users').select(['id', 'email', 'normalized_email']).orderBy('id').limit(normaliseChunk);
    if (after !== null) chunk = chunk.where('id', '>', after);
    const rows = await chunk.execute();
    const last = rows.at(-1);
    if (!last) return written;
    after = last.id;
    const missing = rows.filter((row) => row.normalized_email === null);
    if (missing.length === 0) continue;
    const updated = await sql`
      UPDATE users u SET normalized_email = n.normalized
        FROM unnest(${missing.map((row) => row.id)}::uuid[], ${missing.map((row) => normalizeEmail(row.email))}::text[])
             AS n(id, normalized)
       WHERE u.id = n.id AND u.normalized_email IS NULL`.execute(db);
    written += Number(updated.numAffectedRows ?? 0);
  }
}

/** The members of every e-mail domain on the disposable list: the domains grouped first, then the few members. */
async function disposableMembers(db: Kysely<Database>): Promise<{ id: string; email: string }[]> {
  const { rows } = await sql<{ domain: string }>`
    SELECT DISTINCT split_part(lower(email), '@', 2) AS domain FROM users WHERE deleted_at IS NULL`.execute(db);
  const disposable = rows.map((row) => row.domain).filter(isDisposableDomain);
  if (disposable.length === 0) return [];
  return db
    .selectFrom('users')
    .select(['id', 'email'])
    .where(sql<string>`split_part(lower(email), '@', 2)`, 'in', disposable)
    .where('deleted_at', 'is', null)
    .execute();
}
