import { randomBytes } from 'node:crypto';
import { Decimal } from 'decimal.js';
import fc from 'fast-check';
import { type KyselyPlugin, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema';
import { addMember, bearer, receivedSubscriptionTransfer, uniqueUid } from '../../testing/builders';
import { createTestApp, type TestApp } from '../../testing/test-app';
import {
  bookLedgerEntries,
  findLedgerBalance,
  findLedgerDiscrepancies,
  lockLedgerAccount,
  settleLedgerEntry,
} from '../ledger/ledger-repository';
import { creditSubscriptions } from '../subscription/subscription-crediting';
import { recordExchangeBalance } from './reward-compliance-repository';
import { cycleWindow } from './reward-cycle-calendar';
import { runRewardCycle } from './run-reward-cycle';
import { settleLockedRewards } from './settle-locked-rewards';

const dayMs = 86_400_000;
const levelPercents = ['5', '2', '1', '1', '1', '0.5', '0.5', '0.5', '0.5', '0.5', '0.5', '0.5', '0.5', '0.5', '0.5'];

/** What one property run does, in order; fast-check shrinks a failing list to its essence. */
type Action =
  | { kind: 'register'; sponsor: number; linked: boolean; richOnExchange: boolean }
  | { kind: 'pay'; member: number }
  | { kind: 'runCycle'; copiers: number[]; amounts: string[]; withUnknownUid: boolean }
  | { kind: 'killedRun'; copiers: number[]; amounts: string[]; failAfterQueries: number }
  | { kind: 'rerunLastCycle' }
  | { kind: 'balanceChange'; member: number; richOnExchange: boolean }
  | { kind: 'passDays'; days: number }
  | { kind: 'withdraw'; member: number; percent: number; outcome: 'POST' | 'VOID' | 'OPEN' };

const memberIndex = fc.nat({ max: 30 });
/** Up to 8 decimals, zero included (a copier who earned the trader nothing still copies). */
const masterAmount = fc
  .tuple(fc.nat({ max: 5000 }), fc.nat({ max: 99_999_999 }))
  .map(([units, fraction]) => `${units}.${String(fraction).padStart(8, '0')}`);

const action: fc.Arbitrary<Action> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('register' as const),
      sponsor: memberIndex,
      linked: fc.boolean(),
      richOnExchange: fc.boolean(),
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('pay' as const), member: memberIndex }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('runCycle' as const),
      copiers: fc.array(memberIndex, { maxLength: 12 }),
      amounts: fc.array(masterAmount, { minLength: 12, maxLength: 12 }),
      withUnknownUid: fc.boolean(),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('killedRun' as const),
      copiers: fc.array(memberIndex, { maxLength: 12 }),
      amounts: fc.array(masterAmount, { minLength: 12, maxLength: 12 }),
      failAfterQueries: fc.integer({ min: 1, max: 6 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('rerunLastCycle' as const) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('balanceChange' as const),
      member: memberIndex,
      richOnExchange: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('passDays' as const), days: fc.integer({ min: 1, max: 40 }) }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('withdraw' as const),
      member: memberIndex,
      // 100 often: the whole available balance, which must leave 0.00.
      percent: fc.oneof(fc.constant(100), fc.integer({ min: 1, max: 100 })),
      outcome: fc.constantFrom('POST' as const, 'VOID' as const, 'OPEN' as const),
    }),
  },
);

/** Makes the `failAfterQueries`-th query of a run throw: the run dies half-way, as a killed process would. */
class KillAfter implements KyselyPlugin {
  private seen = 0;
  constructor(private readonly queries: number) {}
  transformQuery: KyselyPlugin['transformQuery'] = (args) => {
    this.seen += 1;
    if (this.seen === this.queries) throw new Error('run killed');
    return args.node;
  };
  transformResult: KyselyPlugin['transformResult'] = async (args) => args.result;
}

describe('the rewards ledger under random histories (property)', () => {
  let t: TestApp;
  /** Each property run gets the next block of cycles and moves the clock forward from there. */
  let nextCycle = 1;

  beforeAll(async () => {
    t = await createTestApp();
  }, 180_000);
  afterAll(() => t?.close());

  async function play(actions: Action[]) {
    const db = t.database.db;
    const firstCycle = nextCycle;
    nextCycle += 40;
    let clockAt = cycleWindow(t.config.rewards, firstCycle).startsAt.getTime();
    const setClock = (at: number) => {
      clockAt = Math.max(clockAt, at);
      t.clock.set(new Date(clockAt));
    };
    setClock(clockAt);
    let cycle = firstCycle;
    let lastDistributed: number | null = null;

    const root = await addMember(db, null, { created_at: t.clock.now() });
    const members: UserRow[] = [root];
    const pick = (index: number) => members[index % members.length] as UserRow;
    const statementOf = (copiers: number[], amounts: string[], unknown: boolean) => {
      const lines = new Map<string, string>();
      copiers.forEach((copier, index) => {
        const uid = pick(copier).bingx_uid;
        if (uid) lines.set(uid, amounts[index] as string);
      });
      if (unknown) lines.set(`9${randomBytes(5).readUIntBE(0, 5)}`, '1');
      return [...lines].map(([uid, amount]) => ({ uid, masterAmount: amount }));
    };
    /** The cycle's next number; the clock moves just past its end. */
    const nextFinishedCycle = () => {
      const number = cycle;
      cycle += 1;
      setClock(cycleWindow(t.config.rewards, number).endsAt.getTime() + 1000);
      return number;
    };

    for (const step of actions) {
      switch (step.kind) {
        case 'register': {
          const member = await addMember(db, pick(step.sponsor), {
            created_at: t.clock.now(),
            ...(step.linked
              ? {
                  bingx_uid: uniqueUid(),
                  bingx_balance: step.richOnExchange ? '300' : '40',
                  bingx_linked_at: t.clock.now(),
                  bingx_balance_checked_at: t.clock.now(),
                }
              : {}),
          });
          members.push(member);
          break;
        }
        case 'pay': {
          const member = pick(step.member);
          await receivedSubscriptionTransfer(db, member, t.clock.now());
          await creditSubscriptions(db, [member.id], t.config, t.clock.now());
          break;
        }
        case 'runCycle': {
          const number = nextFinishedCycle();
          const lines = statementOf(step.copiers, step.amounts, step.withUnknownUid);
          const run = await runRewardCycle(t.app.context, {
            cycle: number,
            statement: { source: 'UPLOAD', lines },
            startedBy: null,
          });
          expect(run.outcome).toBe('DISTRIBUTED');
          await expectCycleTotals(number, lines, run);
          lastDistributed = number;
          break;
        }
        case 'killedRun': {
          const number = nextFinishedCycle();
          const lines = statementOf(step.copiers, step.amounts, false);
          const killed = runRewardCycle(
            { ...t.app.context, db: db.withPlugin(new KillAfter(step.failAfterQueries)) },
            { cycle: number, statement: { source: 'UPLOAD', lines }, startedBy: null },
          );
          await expect(killed).rejects.toThrow('run killed');
          expect(await rowsOfCycle(number)).toBe(0);
          // Run again, it finishes the whole cycle.
          const rerun = await runRewardCycle(t.app.context, {
            cycle: number,
            statement: { source: 'UPLOAD', lines },
            startedBy: null,
          });
          expect(rerun.outcome).toBe('DISTRIBUTED');
          await expectCycleTotals(number, lines, rerun);
          lastDistributed = number;
          break;
        }
        case 'rerunLastCycle': {
          if (lastDistributed === null) break;
          const before = await ledgerTotals();
          const again = await runRewardCycle(t.app.context, {
            cycle: lastDistributed,
            statement: { source: 'UPLOAD', lines: statementOf([0, 1, 2], ['5', '6', '7'], false) },
            startedBy: null,
          });
          expect(again.outcome).toBe('ALREADY_DISTRIBUTED');
          expect(await ledgerTotals()).toEqual(before);
          break;
        }
        case 'balanceChange': {
          const member = pick(step.member);
          if (!member.bingx_uid) break;
          await recordExchangeBalance(db, member.id, step.richOnExchange ? '500' : '10', t.clock.now());
          await settleLockedRewards(t.app.context);
          break;
        }
        case 'passDays': {
          setClock(clockAt + step.days * dayMs);
          await settleLockedRewards(t.app.context);
          break;
        }
        case 'withdraw': {
          // A withdrawal as the ledger sees it: a hold of whole cents under the account lock, then paid, voided or left open.
          const member = pick(step.member);
          const available = new Decimal((await findLedgerBalance(db, member.id))?.available ?? '0');
          const amount = available.times(step.percent).div(100).toDecimalPlaces(2, Decimal.ROUND_DOWN);
          if (amount.lte(0)) break;
          await db.transaction().execute(async (trx) => {
            await lockLedgerAccount(trx, member.id);
            const [hold] = await bookLedgerEntries(
              trx,
              [
                {
                  accountId: member.id,
                  kind: 'DEBIT_PENDING',
                  amount: amount.toFixed(2),
                  reasonType: 'WITHDRAWAL',
                  reasonId: randomBytes(8).toString('hex'),
                },
              ],
              t.clock.now(),
            );
            if (step.outcome !== 'OPEN') await settleLedgerEntry(trx, hold!.id, step.outcome, t.clock.now());
          });
          if (step.percent === 100 && step.outcome !== 'VOID') {
            expect((await findLedgerBalance(db, member.id))?.available).toBe('0.00000000');
          }
          break;
        }
      }
    }
    await expectLedgerConsistent(members);
  }

  /**
   * The cycle's exact rewards are the rule's and its run's totals; its ledger credits are whole
   * cents, less than a cent per beneficiary away from them in all (the carries).
   */
  async function expectCycleTotals(
    cycle: number,
    lines: { uid: string; masterAmount: string }[],
    run: { totalPaid: number; totalLocked: number },
  ) {
    const { rows } = await sql<{ exact: string; credited: string; beneficiaries: string }>`
      SELECT (SELECT coalesce(sum(reward_amount), 0) FROM rewards WHERE cycle = ${cycle} AND type = 'DOWNLINE')::text AS exact,
             (SELECT count(DISTINCT beneficiary_id) FROM rewards WHERE cycle = ${cycle} AND type = 'DOWNLINE')::text AS beneficiaries,
             (SELECT coalesce(sum(amount), 0) FROM ledger_entries
               WHERE reason_type = 'REWARD_CYCLE' AND reason_id = ${String(cycle)} AND settles_entry_id IS NULL)::text AS credited
    `.execute(t.database.db);
    const sums = rows[0] as { exact: string; credited: string; beneficiaries: string };
    expect(new Decimal(sums.exact).toFixed(8)).toBe((await expectedCycleTotal(cycle, lines)).toFixed(8));
    expect(new Decimal(run.totalPaid).plus(run.totalLocked).toNumber()).toBe(new Decimal(sums.exact).toNumber());
    expect(new Decimal(sums.credited).decimalPlaces()).toBeLessThanOrEqual(2);
    expect(
      new Decimal(sums.credited).minus(sums.exact).abs().lt(new Decimal('0.01').times(sums.beneficiaries).plus('0.01')),
    ).toBe(true);
  }

  /** Σ over the statement's copiers and their uplines (levels 1..15): master × percent / 100, rounded half up to 8 decimals. */
  async function expectedCycleTotal(cycle: number, lines: { uid: string; masterAmount: string }[]) {
    const { rows } = await sql<{ uid: string; depth: number }>`
      SELECT u.bingx_uid AS uid, c.depth
        FROM referral_closure c
        JOIN users u ON u.id = c.descendant_id
        JOIN users a ON a.id = c.ancestor_id
       WHERE u.bingx_uid = ANY(${lines.map((line) => line.uid)}::text[]) AND NOT a.is_admin`.execute(t.database.db);
    const amountOf = new Map(lines.map((line) => [line.uid, line.masterAmount]));
    expect(cycle).toBeGreaterThan(0);
    return rows.reduce(
      (total, row) =>
        total.plus(
          new Decimal(amountOf.get(row.uid) as string)
            .times(levelPercents[row.depth - 1] as string)
            .div(100)
            .toDecimalPlaces(8, Decimal.ROUND_HALF_UP),
        ),
      new Decimal(0),
    );
  }

  async function rowsOfCycle(cycle: number) {
    const rewards = await t.database.db
      .selectFrom('rewards')
      .select('id')
      .where('cycle', '=', cycle)
      .where('type', '=', 'DOWNLINE')
      .execute();
    const runs = await t.database.db.selectFrom('reward_cycle_runs').select('id').where('cycle', '=', cycle).execute();
    const statement = await t.database.db
      .selectFrom('reward_statement_entries')
      .select('cycle')
      .where('cycle', '=', cycle)
      .execute();
    return rewards.length + runs.length + statement.length;
  }

  const ledgerTotals = () =>
    sql<{ entries: string; posted: string }>`
      SELECT (SELECT count(*) FROM ledger_entries)::text AS entries,
             (SELECT coalesce(sum(credits_posted + credits_pending), 0) FROM ledger_accounts)::text AS posted`
      .execute(t.database.db)
      .then((result) => result.rows[0]);

  async function expectLedgerConsistent(members: UserRow[]) {
    const db = t.database.db;
    expect(await findLedgerDiscrepancies(db)).toEqual([]);
    const { rows: negative } = await sql`
      SELECT user_id FROM ledger_accounts WHERE credits_posted - debits_posted - debits_pending < 0`.execute(db);
    expect(negative).toEqual([]);
    const { rows: doubles } = await sql`
      SELECT cycle, source_user_id, beneficiary_id, type FROM rewards
       GROUP BY 1, 2, 3, 4 HAVING count(*) > 1`.execute(db);
    expect(doubles).toEqual([]);

    // Whole cents everywhere money is, a carry under a cent, and every credit's remainder carried.
    const { rows: notCents } = await sql`
      SELECT id FROM ledger_entries WHERE amount <> trunc(amount, 2)`.execute(db);
    expect(notCents).toEqual([]);
    const { rows: accounts } = await sql`
      SELECT user_id FROM ledger_accounts
       WHERE credits_posted <> trunc(credits_posted, 2) OR credits_pending <> trunc(credits_pending, 2)
          OR debits_posted <> trunc(debits_posted, 2) OR debits_pending <> trunc(debits_pending, 2)
          OR carry < 0 OR carry >= 0.01`.execute(db);
    expect(accounts).toEqual([]);

    for (const member of members) {
      const balance = await findLedgerBalance(db, member.id);
      const { rows } = await sql<{ exact: string; credited: string; carry: string }>`
        SELECT (SELECT coalesce(sum(reward_amount), 0) FROM rewards WHERE beneficiary_id = a.user_id)::text AS exact,
               (SELECT coalesce(sum(CASE kind WHEN 'CREDIT_REVERSED' THEN -amount ELSE amount END), 0)
                  FROM ledger_entries
                 WHERE account_id = a.user_id AND kind IN ('CREDIT_POSTED', 'CREDIT_PENDING', 'CREDIT_REVERSED'))::text AS credited,
               a.carry::text AS carry
          FROM ledger_accounts a WHERE a.user_id = ${member.id}`.execute(db);
      const sums = rows[0] as { exact: string; credited: string; carry: string };
      expect(new Decimal(sums.credited).plus(sums.carry).toFixed(8)).toBe(new Decimal(sums.exact).toFixed(8));

      const headers = bearer(t.app.context.sessionTokens.sign(member.id));
      const stats = (await t.app.inject({ method: 'GET', url: `/api/rewards/stats/${member.id}`, headers })).json()
        .data;
      expect(stats.totalRewards).toBe(new Decimal(balance?.creditsPosted ?? '0').toNumber());
      expect(stats.lockedRewards).toBe(new Decimal(balance?.creditsPending ?? '0').toNumber());
      expect(stats.currentBalance).toBe(new Decimal(balance?.available ?? '0').toNumber());
      expect(
        new Decimal(stats.rewardBreakdown.directRewards).plus(stats.rewardBreakdown.downlineRewards).toNumber(),
      ).toBe(stats.totalRewards);
      const tree = (await t.app.inject({ method: 'GET', url: '/api/users/referral-tree', headers })).json().data;
      expect(tree.statistics.totalEarningsFromTree).toBe(
        new Decimal(balance?.creditsPosted ?? '0').plus(balance?.creditsPending ?? '0').toNumber(),
      );
    }
  }

  it('keeps every account equal to its entries, never negative, each reward credited once, and every screen equal to the ledger', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 5, maxLength: 30 }), (actions) => play(actions)),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 25), endOnFailure: true },
    );
  }, 600_000);
});
