import { randomBytes } from 'node:crypto';
import { formatExactAmount } from '@uplink/contract/reward-figures';
import { Decimal } from 'decimal.js';
import fc from 'fast-check';
import { type KyselyPlugin, sql } from 'kysely';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema';
import { adminTestAppForFile } from '../../testing/app-for-file';
import {
  addMember,
  askForWithdrawal,
  mailTo,
  payoutsUnverified,
  receivedSubscriptionTransfer,
  sessionHeaders,
  uniqueUid,
} from '../../testing/builders';
import { findLedgerBalance, findLedgerDiscrepancies } from '../ledger/ledger-repository';
import { writeDueNotices } from '../notifications/notice-jobs';
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
  | {
      kind: 'withdraw';
      member: number;
      percent: number;
      outcome: 'APPROVED' | 'REJECTED' | 'BLOCKED_COMPLIANCE' | 'OPEN';
    }
  | { kind: 'decideOldest'; outcome: 'APPROVED' | 'REJECTED' | 'BLOCKED_COMPLIANCE' };

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
      outcome: fc.constantFrom(
        'APPROVED' as const,
        'REJECTED' as const,
        'BLOCKED_COMPLIANCE' as const,
        'OPEN' as const,
      ),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('decideOldest' as const),
      outcome: fc.constantFrom('APPROVED' as const, 'REJECTED' as const, 'BLOCKED_COMPLIANCE' as const),
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

describe('the rewards ledger and every figure shown of it, under random histories (property)', () => {
  // Approvals are taken on the hash alone: the property is about the figures, not the chain.
  const { t, adminHeaders } = adminTestAppForFile({ config: payoutsUnverified() });
  /** Each property run gets the next block of cycles and moves the clock forward from there. */
  let nextCycle = 1;

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
          await expectCycleSummaries(number);
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
          await expectCycleSummaries(number);
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
          // A withdrawal as the member asks for it (refused unless they are active and onboarded),
          // then decided by an administrator or left pending.
          const member = pick(step.member);
          const available = new Decimal((await findLedgerBalance(db, member.id))?.available ?? '0');
          const amount = available.times(step.percent).div(100).toDecimalPlaces(2, Decimal.ROUND_DOWN);
          if (amount.lte(0)) break;
          const id = await requestWithdrawal(member, amount.toFixed(2));
          if (!id) break;
          if (step.outcome !== 'OPEN') await decide(id, step.outcome);
          if (step.percent === 100 && step.outcome !== 'OPEN' && step.outcome === 'APPROVED') {
            expect((await findLedgerBalance(db, member.id))?.available).toBe('0.00000000');
          }
          break;
        }
        case 'decideOldest': {
          const oldest = await db
            .selectFrom('withdrawals')
            .select('id')
            .where('status', '=', 'PENDING')
            .where(
              'user_id',
              'in',
              members.map((member) => member.id),
            )
            .orderBy('requested_at')
            .executeTakeFirst();
          if (oldest) await decide(oldest.id, step.outcome);
          break;
        }
      }
    }
    await expectLedgerConsistent(members);
  }

  /** The member's withdrawal over the API with a verified code, to a fresh wallet; undefined when refused. */
  async function requestWithdrawal(member: UserRow, amount: string): Promise<string | undefined> {
    const answer = await askForWithdrawal(t, member, amount);
    if (answer.statusCode === 200) return answer.json().data._id;
    // Only a member who may not withdraw (yet) is refused: never for the amount, which they hold.
    expect(['ACCOUNT_NOT_ACTIVE', 'TOO_MANY_PENDING_WITHDRAWALS']).toContain(answer.json().errorCode);
    return undefined;
  }

  async function decide(id: string, status: 'APPROVED' | 'REJECTED' | 'BLOCKED_COMPLIANCE') {
    const answer = await t.app.inject({
      method: 'PUT',
      url: `/api/withdrawals/${id}`,
      headers: adminHeaders,
      payload:
        status === 'APPROVED'
          ? { status, transactionHash: `0x${randomBytes(32).toString('hex')}` }
          : { status, reason: 'Property test' },
    });
    expect(answer.statusCode, answer.body).toBe(200);
  }

  /**
   * Each member's cycle summary says the cycle's exact rewards (the rows'), what came in carried,
   * and how the ledger booked it: exact + carried in = credited + locked + carried, and carried is
   * the carry the cycle's credit left.
   */
  async function expectCycleSummaries(cycle: number) {
    await writeDueNotices(t.app.context);
    const db = t.database.db;
    const { rows } = await sql<{ id: string; email: string; exact: string; carried: string }>`
      SELECT u.id, u.email,
             (SELECT sum(r.reward_amount) FROM rewards r
               WHERE r.beneficiary_id = e.account_id AND r.cycle = ${cycle} AND r.type = 'DOWNLINE')::text AS exact,
             (SELECT sum(c.carry_delta) FROM ledger_entries c WHERE c.account_id = e.account_id AND c.id <= e.id)::text AS carried
        FROM ledger_entries e JOIN users u ON u.id = e.account_id
       WHERE e.reason_type = 'REWARD_CYCLE' AND e.reason_id = ${String(cycle)} AND e.settles_entry_id IS NULL`.execute(
      db,
    );
    const amount = (text: string | undefined) => new Decimal((text ?? 'NaN').replaceAll(',', ''));
    for (const row of rows) {
      const summary = (await mailTo(db, row.email)).find(
        (mail) => mail.event_key === `cycle-summary:${cycle}:${row.id}`,
      );
      expect(summary, `the cycle ${cycle} summary to ${row.email}`).toBeDefined();
      const text = summary?.text ?? '';
      const stated = {
        exact: amount(/are distributed: ([\d,.]+) USDT exactly/.exec(text)?.[1]),
        carriedIn: amount(/With ([\d,.]+) USDT carried from your earlier rewards/.exec(text)?.[1]),
        credited: amount(/([\d,.]+) USDT credited to your balance/.exec(text)?.[1]),
        locked: amount(/([\d,.]+) USDT locked until/.exec(text)?.[1]),
        carried: amount(/([\d,.]+) USDT carried to your next credit/.exec(text)?.[1]),
      };
      expect(stated.exact.toFixed(8)).toBe(new Decimal(row.exact).toFixed(8));
      expect(stated.carried.toFixed(8)).toBe(new Decimal(row.carried).toFixed(8));
      expect(stated.exact.plus(stated.carriedIn).toFixed(8)).toBe(
        stated.credited.plus(stated.locked).plus(stated.carried).toFixed(8),
      );
    }
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
      const { rows } = await sql<{ exact: string; credited: string; carry: string }>`
        SELECT (SELECT coalesce(sum(reward_amount), 0) FROM rewards WHERE beneficiary_id = a.user_id)::text AS exact,
               (SELECT coalesce(sum(CASE kind WHEN 'CREDIT_REVERSED' THEN -amount ELSE amount END), 0)
                  FROM ledger_entries
                 WHERE account_id = a.user_id AND kind IN ('CREDIT_POSTED', 'CREDIT_PENDING', 'CREDIT_REVERSED'))::text AS credited,
               a.carry::text AS carry
          FROM ledger_accounts a WHERE a.user_id = ${member.id}`.execute(db);
      const sums = rows[0] as { exact: string; credited: string; carry: string };
      expect(new Decimal(sums.credited).plus(sums.carry).toFixed(8)).toBe(new Decimal(sums.exact).toFixed(8));

      await expectFiguresOfMember(member, sums);
    }
    await expectFiguresOverEveryone();
  }

  const money = (value: Decimal.Value) => new Decimal(value);
  const same = (a: Decimal.Value, b: Decimal.Value) => expect(money(a).toFixed(8)).toBe(money(b).toFixed(8));
  /** The exact amounts a line names, in its order ("Exact sum 36.6047 USDT: 36.60 credited, …"). */
  const amountsIn = (line: string) =>
    [...line.matchAll(/(\d[\d,]*\.\d+)/g)].map((m) => money((m[1] as string).replaceAll(',', '')));
  /** A CSV answer's lines, and the amount a closing line (by its label) holds in `column`. */
  const csvOf = (text: string) => Papa.parse<string[]>(text.trimEnd(), { newline: '\r\n' }).data;
  const closing = (lines: string[][], label: string, column: number) =>
    money(lines.find((line) => line[0] === label)?.[column] ?? 'NaN');

  /**
   * Every figure the APIs give of one member — dashboard and rewards stats, every page of the
   * rewards history, the tree, the admin user detail, both statements over all time — against the
   * ledger, to the cent; and every stated difference is exactly the member's carry.
   */
  async function expectFiguresOfMember(member: UserRow, ledger: { exact: string; carry: string }) {
    const headers = sessionHeaders(t.app, member);
    const get = async (url: string, as: Record<string, string> = headers) => {
      const answer = await t.app.inject({ method: 'GET', url, headers: as });
      expect(answer.statusCode, `${url}: ${answer.body}`).toBe(200);
      return answer;
    };
    const balance = (await findLedgerBalance(t.database.db, member.id)) as NonNullable<
      Awaited<ReturnType<typeof findLedgerBalance>>
    >;
    const { rows: forfeits } = await sql<{ forfeited: string }>`
      SELECT coalesce(sum(amount), 0)::text AS forfeited FROM ledger_entries
       WHERE account_id = ${member.id} AND kind = 'CREDIT_FORFEITED'`.execute(t.database.db);
    const forfeited = forfeits[0]?.forfeited ?? '0';

    // Balance Overview (dashboard, /rewards): the four figures add up, locked apart.
    const stats = (await get(`/api/rewards/stats/${member.id}`)).json().data;
    same(stats.totalRewards, balance.creditsPosted);
    same(stats.lockedRewards, balance.creditsPending);
    same(stats.totalWithdrawn, balance.debitsPosted);
    same(stats.pendingWithdrawals, balance.debitsPending);
    same(stats.currentBalance, money(stats.totalRewards).minus(stats.totalWithdrawn).minus(stats.pendingWithdrawals));
    same(money(stats.rewardBreakdown.directRewards).plus(stats.rewardBreakdown.downlineRewards), stats.totalRewards);
    // The line under the rounded rows: the exact sum, and what is not credited is locked, forfeited or carried.
    const { figures } = stats;
    same(figures.exact, ledger.exact);
    same(figures.credited, stats.totalRewards);
    same(figures.locked, stats.lockedRewards);
    same(figures.forfeited, forfeited);
    same(figures.carried, ledger.carry);
    same(money(figures.exact).minus(figures.credited).minus(figures.locked).minus(figures.forfeited), ledger.carry);
    expect(figures.note).toContain(`Exact sum ${formatExactAmount(ledger.exact)} USDT: `);
    expect(figures.note).toContain(`${formatExactAmount(ledger.carry)} carried to your next credit.`);

    // Every page of the rewards history sums to the exact sum.
    let rows = money(0);
    let listed = 0;
    for (let page = 1; ; page += 1) {
      const history = (await get(`/api/rewards/user?limit=100&page=${page}`)).json().data;
      for (const reward of history.rewards) rows = rows.plus(reward.rewardAmount);
      listed += history.rewards.length;
      if (!history.pagination.hasNext) {
        expect(listed).toBe(history.pagination.totalRecords);
        break;
      }
    }
    same(rows, ledger.exact);

    // The tree: its nodes sum to the exact sum its line explains; its total is credited + locked.
    const tree = (await get('/api/users/referral-tree')).json().data;
    const nodes = (list: { totalRewards: number; children: unknown[] }[]): Decimal =>
      list.reduce((sum, node) => sum.plus(node.totalRewards).plus(nodes(node.children as typeof list)), money(0));
    if (!tree.truncated) same(nodes(tree.referralTree), ledger.exact);
    same(tree.statistics.totalEarningsFromTree, money(balance.creditsPosted).plus(balance.creditsPending));
    expect(tree.figures).toEqual(figures);

    // The admin user detail: the same Balance Overview and line, its tabs' totals the ledger's.
    const detail = (
      await get(`/api/users/admin/${member.id}?includeRewards=true&includeWithdrawals=true`, adminHeaders)
    ).json().data;
    same(detail.balance, stats.currentBalance);
    same(detail.totalRewards, stats.totalRewards);
    same(detail.totalWithdrawn, stats.totalWithdrawn);
    same(detail.pendingWithdrawals, stats.pendingWithdrawals);
    same(detail.lockedRewards, stats.lockedRewards);
    expect({ ...detail.rewardFigures, note: '' }).toEqual({ ...figures, note: '' });
    expect(amountsIn(detail.rewardFigures.note).map(String)).toEqual(amountsIn(figures.note).map(String));
    same(detail.rewards.statistics.totalRewardAmount, money(balance.creditsPosted).plus(balance.creditsPending));
    same(detail.withdrawals.statistics.totalApprovedAmount, stats.totalWithdrawn);
    same(detail.withdrawals.statistics.totalPendingAmount, stats.pendingWithdrawals);

    // Both statements over all time: the rewards file's closing figures add up to its rows, what
    // it carries on is the member's carry; the withdrawals file totals each status apart.
    // From the member's first day (nothing of theirs is older) to today.
    const day = (at: Date) => at.toISOString().slice(0, 10);
    const range = `from=${day(new Date(member.created_at))}&to=${day(t.clock.now())}`;
    const rewardsFile = csvOf((await get(`/api/rewards/user/export?${range}`)).body);
    const amountColumn = rewardsFile[0]?.indexOf('rewardAmount') ?? -1;
    const fileRows = rewardsFile.slice(1, -6).reduce((sum, line) => sum.plus(line[amountColumn] ?? 'NaN'), money(0));
    same(fileRows, ledger.exact);
    same(closing(rewardsFile, 'Exact', amountColumn), ledger.exact);
    same(closing(rewardsFile, 'Carried in', amountColumn), 0);
    same(closing(rewardsFile, 'Carried', amountColumn), ledger.carry);
    same(
      closing(rewardsFile, 'Credited', amountColumn).plus(closing(rewardsFile, 'Locked', amountColumn)),
      money(balance.creditsPosted).plus(balance.creditsPending).plus(forfeited),
    );
    expect(amountsIn(rewardsFile.at(-1)?.[0] ?? '').map(String)).toEqual(
      ['Exact', 'Credited', 'Locked', 'Carried in', 'Carried'].map((label) =>
        String(closing(rewardsFile, label, amountColumn)),
      ),
    );
    const withdrawalsFile = csvOf((await get(`/api/withdrawals/export?${range}`)).body);
    same(closing(withdrawalsFile, 'Total approved (USDT)', 1), stats.totalWithdrawn);
    same(closing(withdrawalsFile, 'Total pending (USDT)', 1), stats.pendingWithdrawals);
    const { rows: refused } = await sql<{ status: string; total: string }>`
      SELECT status, coalesce(sum(amount), 0)::text AS total FROM withdrawals
       WHERE user_id = ${member.id} AND status IN ('REJECTED', 'BLOCKED_COMPLIANCE') GROUP BY status`.execute(
      t.database.db,
    );
    const refusedOf = (status: string) => refused.find((row) => row.status === status)?.total ?? '0';
    same(closing(withdrawalsFile, 'Total rejected (USDT)', 1), refusedOf('REJECTED'));
    same(closing(withdrawalsFile, 'Total blocked (USDT)', 1), refusedOf('BLOCKED_COMPLIANCE'));
  }

  /**
   * Over every member: the admin dashboard's distributed total is the sum of their Total Earned,
   * and the rewards list's line sets the exact sum of every reward against the ledger's totals.
   */
  async function expectFiguresOverEveryone() {
    const { rows } = await sql<{ earned: string; locked: string; carried: string; exact: string }>`
      SELECT (SELECT sum(credits_posted) FROM ledger_accounts)::text AS earned,
             (SELECT sum(credits_pending) FROM ledger_accounts)::text AS locked,
             (SELECT sum(carry) FROM ledger_accounts)::text AS carried,
             (SELECT coalesce(sum(reward_amount), 0) FROM rewards)::text AS exact`.execute(t.database.db);
    const truth = rows[0] as { earned: string; locked: string; carried: string; exact: string };
    const overall = (
      await t.app.inject({ method: 'GET', url: '/api/users/admin/overall-stats', headers: adminHeaders })
    ).json().data;
    same(overall.rewards.totalDistributed, truth.earned);
    same(overall.rewards.figures.exact, truth.exact);
    same(overall.rewards.figures.carried, truth.carried);
    same(overall.rewards.figures.locked, truth.locked);
    const list = (await t.app.inject({ method: 'GET', url: '/api/rewards/admin/all', headers: adminHeaders })).json()
      .data;
    same(list.statistics.totalRewardsDistributed, truth.exact);
    expect(list.note).toBe(overall.rewards.figures.note);
  }

  it('keeps every account equal to its entries, never negative, each reward credited once, and every screen equal to the ledger', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 5, maxLength: 30 }), (actions) => play(actions)),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 25), endOnFailure: true },
    );
  }, 600_000);
});
