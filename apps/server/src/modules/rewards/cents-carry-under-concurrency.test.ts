import { Decimal } from 'decimal.js';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema';
import { testAppForFile } from '../../testing/app-for-file';
import { addMember, linkedMemberColumns, receivedSubscriptionTransfer, uniqueUid } from '../../testing/builders';
import { findLedgerDiscrepancies } from '../ledger/ledger-repository';
import { creditSubscriptions } from '../subscription/subscription-crediting';
import { cycleWindow } from './reward-cycle-calendar';
import { runRewardCycle } from './run-reward-cycle';

/**
 * A sponsor's DIRECT credits and a cycle's booking of the same sponsor, at once (on PostgreSQL
 * they truly overlap): each credit must read the carry the one before it left, so that in the
 * order the ledger took them every amount is trunc(exact + carry, 2) and the carry stays < 0.01.
 */
describe('the carry under concurrent credits of one member', () => {
  const t = testAppForFile();

  it('books every DIRECT credit and the cycle credit of one sponsor from the carry the previous one left', async () => {
    const db = t.database.db;
    // A DIRECT reward of 10 × 3.3333 % = 0.33333: under a cent of remainder every time.
    await sql`
      INSERT INTO reward_plans (version, direct_percent, level_percents)
      SELECT version + 1, 3.3333, level_percents FROM reward_plans ORDER BY version DESC LIMIT 1`.execute(db);
    const cycle = 3;
    t.clock.set(new Date(cycleWindow(t.config.rewards, cycle).endsAt.getTime() + 1000));

    const sponsor = await addMember(db, null, linkedMemberColumns(uniqueUid()));
    const copiers: UserRow[] = [];
    for (let index = 0; index < 6; index += 1) {
      copiers.push(await addMember(db, sponsor, linkedMemberColumns(uniqueUid())));
    }
    const payers: UserRow[] = [];
    for (let index = 0; index < 6; index += 1) {
      const payer = await addMember(db, sponsor, { created_at: t.clock.now() });
      await receivedSubscriptionTransfer(db, payer, t.clock.now());
      payers.push(payer);
    }
    const lines = [sponsor, ...copiers].map((member, index) => ({
      uid: member.bingx_uid as string,
      masterAmount: index === 0 ? '0' : `1.23${index}57`,
    }));

    // On PostgreSQL a first credit holds the sponsor's account until every other booking waits on
    // it, so they all overlap: one that read the carry before taking the lock would book from a
    // stale one.
    const started: Promise<unknown>[] = [];
    const start = () => {
      started.push(
        runRewardCycle(t.app.context, { cycle, statement: { source: 'UPLOAD', lines }, startedBy: null }),
        ...payers.map((payer) => creditSubscriptions(db, [payer.id], t.config, t.clock.now())),
      );
    };
    if (t.database.kind === 'postgres') {
      const holder = await t.database.pool.connect();
      try {
        await holder.query('BEGIN');
        await holder.query('SELECT 1 FROM ledger_accounts WHERE user_id = $1 FOR UPDATE', [sponsor.id]);
        const { rows } = await holder.query<{ id: string }>(
          `INSERT INTO rewards (beneficiary_id, source_user_id, type, level, cycle, plan_version, percent,
                                master_amount, reward_amount, state, created_at)
           VALUES ($1, $1, 'DIRECT', 1, 99, 1, 5, 0.14, 0.007, 'POSTED', now()) RETURNING id::text AS id`,
          [sponsor.id],
        );
        await holder.query(
          `INSERT INTO ledger_entries (account_id, kind, amount, carry_delta, reason_type, reason_id)
           VALUES ($1, 'CREDIT_POSTED', 0, 0.007, 'REWARD', $2)`,
          [sponsor.id, rows[0]?.id],
        );
        start();
        // The 6 DIRECT credits wait for this account (the cycle's ledger chunk too, once it gets there).
        for (;;) {
          const waiting = await t.database.pool.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM pg_locks WHERE NOT granted AND locktype = 'transactionid'`,
          );
          if ((waiting.rows[0]?.n ?? 0) >= payers.length) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        await holder.query('COMMIT');
      } finally {
        holder.release();
      }
    } else {
      start();
    }
    const outcomes = await Promise.allSettled(started);
    expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toEqual([]);

    const entries = await db
      .selectFrom('ledger_entries')
      .select(['kind', 'amount', 'carry_delta', 'reason_type'])
      .where('account_id', '=', sponsor.id)
      .orderBy('id')
      .execute();
    expect(entries.filter((entry) => entry.reason_type === 'REWARD')).toHaveLength(
      process.env.TEST_DATABASE_URL ? 7 : 6,
    );
    expect(entries.filter((entry) => entry.reason_type === 'REWARD_CYCLE')).toHaveLength(1);
    let carry = new Decimal(0);
    for (const entry of entries) {
      const exact = new Decimal(entry.amount).plus(entry.carry_delta);
      expect(new Decimal(entry.amount).toFixed(8)).toBe(
        exact.plus(carry).toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed(8),
      );
      carry = carry.plus(entry.carry_delta);
      expect(carry.gte(0) && carry.lt('0.01')).toBe(true);
    }
    const account = await db
      .selectFrom('ledger_accounts')
      .select('carry')
      .where('user_id', '=', sponsor.id)
      .executeTakeFirstOrThrow();
    expect(account.carry).toBe(carry.toFixed(8));
    expect(await findLedgerDiscrepancies(db)).toEqual([]);
  });
});
