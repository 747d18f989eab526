import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema';
import { adminTestAppForFile } from '../../testing/app-for-file';
import { addMember, linkedMemberColumns, statusesOf, uniqueUid } from '../../testing/builders';
import {
  expectCycleRequestRefusedToNonAdministrators,
  invalidCycleRequests,
  postCycleRequest,
} from '../../testing/cycle-requests';
import { rewardStatsOf } from '../../testing/reward-statistics';
import { sandboxMasterAmount } from '../exchange/sandbox-exchange-gateway';
import { findLedgerBalance, findLedgerDiscrepancies } from '../ledger/ledger-repository';
import { cycleAt, cycleWindow } from './reward-cycle-calendar';

const levelPercents = [5, 2, 1, 1, 1, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5];

describe('an administrator runs a reward cycle', () => {
  const { t, admin, adminHeaders } = adminTestAppForFile();
  /** A new cycle number per test: each distributes its own. */
  let nextCycle = 1;

  const run = (body: unknown) => postCycleRequest(t, adminHeaders, '/api/rewards/admin/cycles', body);

  /** `length` linked, paid members, each the sponsor of the next, below a compliant top member. */
  async function linkedChain(length: number, balance?: (index: number) => string) {
    const top = await addMember(t.database.db, null, linkedMemberColumns(uniqueUid()));
    const chain: UserRow[] = [];
    let sponsor = top;
    for (let index = 0; index < length; index += 1) {
      sponsor = await addMember(t.database.db, sponsor, linkedMemberColumns(uniqueUid(), balance?.(index)));
      chain.push(sponsor);
    }
    return { top, chain };
  }

  const rewardsOf = (cycle: number) =>
    t.database.db
      .selectFrom('rewards')
      .select(['beneficiary_id', 'source_user_id', 'level', 'state', 'plan_version'])
      .select(sql<string>`reward_amount::text`.as('amount'))
      .select(sql<string>`percent::text`.as('percent'))
      .where('cycle', '=', cycle)
      .orderBy('level')
      .execute();

  it('pays each of the 15 uplines of a copier its level percent, and level 16 nothing', async () => {
    const cycle = nextCycle++;
    const { top, chain } = await linkedChain(16);
    const copier = chain[15] as UserRow;
    // Every upline copies too (a zero line), so each is compliant in the cycle.
    const entries = [top, ...chain].map((member) => ({
      bingXUID: member.bingx_uid as string,
      masterAmount: member.id === copier.id ? '1000' : 0,
    }));

    const response = await run({ cycle, entries });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.data).toMatchObject({
      cycle,
      outcome: 'DISTRIBUTED',
      source: 'UPLOAD',
      startedBy: admin.id,
      planVersion: 1,
      inputCount: 17,
      matchedCount: 17,
      unknownUids: [],
      rewardsWritten: 15,
      totalMasterAmount: 1000,
      totalPaid: 150,
      totalLocked: 0,
    });
    expect(body.message).toBe(`Cycle ${cycle} distributed: 15 rewards`);

    const rewards = await rewardsOf(cycle);
    expect(rewards.map((reward) => reward.level)).toEqual(levelPercents.map((_, index) => index + 1));
    for (const reward of rewards) {
      const upline = chain[15 - reward.level] as UserRow;
      expect(reward).toMatchObject({
        beneficiary_id: upline.id,
        source_user_id: copier.id,
        state: 'POSTED',
        plan_version: 1,
      });
      expect(Number(reward.amount)).toBe((1000 * (levelPercents[reward.level - 1] as number)) / 100);
      expect(Number(reward.percent)).toBe(levelPercents[reward.level - 1]);
    }
    // The top member is the copier's 16th upline: nothing.
    expect(rewards.some((reward) => reward.beneficiary_id === top.id)).toBe(false);
    expect((await findLedgerBalance(t.database.db, chain[14]!.id))?.creditsPosted).toBe('50.00000000');
    expect(await findLedgerDiscrepancies(t.database.db)).toEqual([]);
  });

  it('rounds each reward half up to 8 decimals and writes none that round to nothing', async () => {
    const cycle = nextCycle++;
    const { top, chain } = await linkedChain(7);
    const entries = [top, ...chain.slice(0, 6)].map((member) => ({
      bingXUID: member.bingx_uid as string,
      masterAmount: 0,
    }));
    // 0.0000001 × 5 % = 0.000000005 → 0.00000001 (half up); × 2 % = 0.000000002 → 0; × 1 % and 0.5 % → 0.
    entries.push({ bingXUID: chain[6]!.bingx_uid as string, masterAmount: '0.0000001' as unknown as number });
    const response = await run({ cycle, entries });
    // The run's total is its exact rewards; the ledger credit is 0.00, the reward carried.
    expect(response.json().data).toMatchObject({ rewardsWritten: 1, totalPaid: 0.00000001 });
    const [reward] = await rewardsOf(cycle);
    expect(reward).toMatchObject({ beneficiary_id: chain[5]!.id, level: 1, amount: '0.00000001' });
    const credit = await t.database.db
      .selectFrom('ledger_entries')
      .select(['amount', 'carry_delta'])
      .where('account_id', '=', chain[5]!.id)
      .where('reason_id', '=', String(cycle))
      .executeTakeFirstOrThrow();
    expect(credit).toEqual({ amount: '0.00000000', carry_delta: '0.00000001' });

    const second = nextCycle++;
    // 123.45678901 × 5 % = 6.1728394505 → 6.17283945; × 0.5 % = 0.61728394505 → 0.61728395.
    const amounts = await run({
      cycle: second,
      entries: [
        ...[top, ...chain.slice(0, 6)].map((member) => ({ bingXUID: member.bingx_uid as string, masterAmount: 0 })),
        { bingXUID: chain[6]!.bingx_uid as string, masterAmount: 123.45678901 },
      ],
    });
    expect(amounts.json().data.rewardsWritten).toBe(7);
    const byLevel = Object.fromEntries((await rewardsOf(second)).map((reward) => [reward.level, reward.amount]));
    expect(byLevel[1]).toBe('6.17283945');
    expect(byLevel[2]).toBe('2.46913578');
    expect(byLevel[6]).toBe('0.61728395');
  });

  it('locks the rewards of a beneficiary who is not compliant, and says why', async () => {
    const cycle = nextCycle++;
    // The copier's sponsor holds 50 USDT on the exchange: below the 100 minimum.
    const { top, chain } = await linkedChain(2, (index) => (index === 0 ? '50' : '250'));
    const [poor, copier] = chain as [UserRow, UserRow];
    const response = await run({
      cycle,
      entries: [
        { bingXUID: top.bingx_uid as string, masterAmount: 0 },
        { bingXUID: poor.bingx_uid as string, masterAmount: 0 },
        { bingXUID: copier.bingx_uid as string, masterAmount: 200 },
      ],
    });
    expect(response.json().data).toMatchObject({ rewardsWritten: 2, totalPaid: 4, totalLocked: 10 });
    expect(await findLedgerBalance(t.database.db, poor.id)).toMatchObject({
      creditsPosted: '0.00000000',
      creditsPending: '10.00000000',
      available: '0.00000000',
    });
    const stats = await rewardStatsOf(t, poor);
    expect(stats).toMatchObject({ lockedRewards: 10, lockReasons: ['BALANCE_BELOW_MINIMUM'] });
    expect(stats.locked).toEqual([expect.objectContaining({ type: 'DOWNLINE', cycle, amount: 10 })]);
  });

  it('reports statement UIDs no member has linked, and pays the rest', async () => {
    const cycle = nextCycle++;
    const { top, chain } = await linkedChain(1);
    const response = await run({
      cycle,
      entries: [
        { bingXUID: top.bingx_uid as string, masterAmount: 0 },
        { bingXUID: chain[0]!.bingx_uid as string, masterAmount: 10 },
        { bingXUID: '99999999999901', masterAmount: 10 },
        { bingXUID: '99999999999902', masterAmount: 10 },
      ],
    });
    expect(response.json().data).toMatchObject({
      inputCount: 4,
      matchedCount: 2,
      unknownCount: 2,
      unknownUids: ['99999999999901', '99999999999902'],
      rewardsWritten: 1,
      totalMasterAmount: 10,
    });
  });

  it('writes nothing when the cycle is run again, and says so', async () => {
    const cycle = nextCycle++;
    const { top, chain } = await linkedChain(1);
    const entries = [
      { bingXUID: top.bingx_uid as string, masterAmount: 0 },
      { bingXUID: chain[0]!.bingx_uid as string, masterAmount: 40 },
    ];
    await run({ cycle, entries });
    const before = await findLedgerBalance(t.database.db, top.id);
    const again = await run({ cycle, entries: [{ bingXUID: chain[0]!.bingx_uid as string, masterAmount: 4000 }] });
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ outcome: 'ALREADY_DISTRIBUTED', rewardsWritten: 0, totalPaid: 0 });
    expect(again.json().message).toBe(`Cycle ${cycle} was already distributed; nothing was written`);
    expect(await findLedgerBalance(t.database.db, top.id)).toEqual(before);
    expect(await rewardsOf(cycle)).toHaveLength(1);
    const runs = await t.database.db
      .selectFrom('reward_cycle_runs')
      .select('outcome')
      .where('cycle', '=', cycle)
      .execute();
    expect(runs.map((r) => r.outcome).sort()).toEqual(['ALREADY_DISTRIBUTED', 'DISTRIBUTED']);
  });

  it('distributes a cycle once when runs race: the others are refused at once, or find it distributed', async () => {
    const cycle = nextCycle++;
    const { top, chain } = await linkedChain(1);
    const entries = [
      { bingXUID: top.bingx_uid as string, masterAmount: 0 },
      { bingXUID: chain[0]!.bingx_uid as string, masterAmount: 20 },
    ];
    const answers = await Promise.all(Array.from({ length: 5 }, () => run({ cycle, entries })));
    const distributed = answers.filter((answer) => answer.json().data?.outcome === 'DISTRIBUTED');
    expect(distributed).toHaveLength(1);
    for (const answer of answers.filter((candidate) => candidate !== distributed[0])) {
      if (answer.statusCode === 200) expect(answer.json().data.outcome).toBe('ALREADY_DISTRIBUTED');
      else
        expect(answer.json()).toMatchObject({
          errorCode: 'REWARD_CYCLE_BUSY',
          message: expect.stringMatching(/right now/),
        });
    }
    expect(statusesOf(answers).filter((status) => status === 409).length).toBeGreaterThan(0);
    expect((await findLedgerBalance(t.database.db, top.id))?.creditsPosted).toBe('1.00000000');
  });

  it('reads the statement from the exchange when asked to', async () => {
    const cycle = nextCycle++;
    const { top, chain } = await linkedChain(1);
    const response = await run({ cycle, source: 'exchange' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ source: 'EXCHANGE', outcome: 'DISTRIBUTED' });
    const window = cycleWindow(t.config.rewards, cycle);
    const master = sandboxMasterAmount(chain[0]!.bingx_uid as string, window);
    const [reward] = (await rewardsOf(cycle)).filter((r) => r.beneficiary_id === top.id);
    expect(reward).toMatchObject({ level: 1, state: 'POSTED' });
    expect(Number(reward?.amount)).toBeCloseTo((Number(master) * 5) / 100, 8);
  });

  it('records the run in the audit log with who ran it and from where', async () => {
    const cycle = nextCycle++;
    const { top } = await linkedChain(0);
    await run({ cycle, entries: [{ bingXUID: top.bingx_uid as string, masterAmount: 1 }] });
    const audit = await t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'REWARD_CYCLE_RUN')
      .where('target_id', '=', String(cycle))
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ actor_id: admin.id, target_type: 'REWARD_CYCLE', ip_address: '127.0.0.1' });
    expect(audit.after).toMatchObject({ cycle, outcome: 'DISTRIBUTED' });
  });

  it('pays administrators nothing', async () => {
    const cycle = nextCycle++;
    const member = await addMember(t.database.db, admin, linkedMemberColumns(uniqueUid()));
    const response = await run({ cycle, entries: [{ bingXUID: member.bingx_uid as string, masterAmount: 100 }] });
    expect(response.json().data.rewardsWritten).toBe(0);
  });

  it('refuses a cycle that has not ended', async () => {
    const current = cycleAt(t.config.rewards, t.clock.now());
    const response = await run({ cycle: current, entries: [{ bingXUID: '12345678', masterAmount: 1 }] });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      errorCode: 'VALIDATION_ERROR',
      message: expect.stringMatching(/has not ended/),
    });
  });

  it('refuses members (403) and anonymous callers (401)', async () => {
    await expectCycleRequestRefusedToNonAdministrators(t, '/api/rewards/admin/cycles');
  });

  it.each(invalidCycleRequests)('answers VALIDATION_ERROR to %s', async (_name, body) => {
    const response = await run(body);
    expect(response.statusCode).toBe(400);
    expect(response.json().errorCode).toBe('VALIDATION_ERROR');
  });
});
