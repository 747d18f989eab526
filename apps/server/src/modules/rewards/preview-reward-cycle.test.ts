import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema';
import { adminTestAppForFile } from '../../testing/app-for-file';
import { addMember, linkedMemberColumns, uniqueUid } from '../../testing/builders';
import {
  expectCycleRequestRefusedToNonAdministrators,
  invalidCycleRequests,
  postCycleRequest,
} from '../../testing/cycle-requests';
import { rewardTotalsDrift } from '../../testing/reward-statistics';
import { cycleAt, cycleWindow, lastFinishedCycle } from './reward-cycle-calendar';

describe('an administrator previews a reward cycle', () => {
  const { t, adminHeaders } = adminTestAppForFile();
  let finished: number;

  beforeAll(() => {
    finished = lastFinishedCycle(t.config.rewards, t.clock.now());
  });

  const post = (url: string, body: unknown) => postCycleRequest(t, adminHeaders, url, body);
  const preview = (body: unknown) => post('/api/rewards/admin/cycles/preview', body);
  const run = (body: unknown) => post('/api/rewards/admin/cycles', body);

  /**
   * top → sponsor → poor → copier, all linked and copying; `poor` holds 50 USDT on the exchange
   * (below the minimum), so its reward locks. The copier paid the master 200, and one line's UID
   * belongs to nobody.
   */
  async function statement(cycle: number) {
    const linked = (balance?: string) => linkedMemberColumns(uniqueUid(), balance);
    const top = await addMember(t.database.db, null, linked());
    const sponsor = await addMember(t.database.db, top, linked());
    const poor = await addMember(t.database.db, sponsor, linked('50'));
    const copier = await addMember(t.database.db, poor, linked());
    const uid = (member: UserRow) => member.bingx_uid as string;
    return {
      cycle,
      entries: [
        { bingXUID: uid(top), masterAmount: 0 },
        { bingXUID: uid(sponsor), masterAmount: 0 },
        { bingXUID: uid(poor), masterAmount: 0 },
        { bingXUID: uid(copier), masterAmount: '200.5' },
        { bingXUID: '99999999999901', masterAmount: 10 },
      ],
    };
  }

  /** Everything a run writes, counted and summed. */
  async function written() {
    const { rows } = await sql`
      SELECT (SELECT count(*) FROM rewards) AS rewards,
             (SELECT count(*) FROM ledger_entries) AS ledger_entries,
             (SELECT coalesce(sum(credits_posted + credits_pending), 0) FROM ledger_accounts) AS credits,
             (SELECT count(*) FROM reward_statement_entries) AS statement_lines,
             (SELECT count(*) FROM reward_cycle_runs) AS runs,
             (SELECT count(*) FROM audit_log) AS audit_rows,
             (SELECT coalesce(sum(rewards), 0) FROM reward_counts) AS member_counters,
             (SELECT sum(rewards) FROM reward_totals) AS totals,
             (SELECT count(*) FROM reward_extremes) AS extremes`.execute(t.database.db);
    return rows[0];
  }

  it('answers what the run then does, and writes nothing', async () => {
    const body = await statement(finished);
    const before = await written();
    const response = await preview(body);
    expect(response.statusCode).toBe(200);
    expect(await written()).toEqual(before);
    const { startsAt, endsAt } = cycleWindow(t.config.rewards, finished);
    // 200.5 × 5 % = 10.025 to `poor` (locked), × 2 % = 4.01 and × 1 % = 2.005 paid.
    expect(response.json()).toMatchObject({
      message: `Cycle ${finished} would write 3 rewards`,
      data: {
        cycle: finished,
        startsAt: startsAt.toISOString(),
        endsAt: endsAt.toISOString(),
        alreadyDistributed: false,
        inputCount: 5,
        matchedCount: 4,
        unknownUids: ['99999999999901'],
        unknownCount: 1,
        totalMasterAmount: 200.5,
        rewardsToWrite: 3,
        totalToPay: 6.015,
        totalToLock: 10.025,
      },
    });

    const previewed = response.json().data;
    const ran = (await run(body)).json().data;
    expect(ran).toMatchObject({
      outcome: 'DISTRIBUTED',
      inputCount: previewed.inputCount,
      matchedCount: previewed.matchedCount,
      unknownUids: previewed.unknownUids,
      unknownCount: previewed.unknownCount,
      totalMasterAmount: previewed.totalMasterAmount,
      rewardsWritten: previewed.rewardsToWrite,
      totalPaid: previewed.totalToPay,
      totalLocked: previewed.totalToLock,
    });
  });

  it('keeps the statistics counters equal to the rewards after a distribution', async () => {
    expect(await rewardTotalsDrift(t.database.db)).toEqual([]);
    const all = (await t.app.inject({ method: 'GET', url: '/api/rewards/admin/all', headers: adminHeaders })).json()
      .data;
    expect(all.statistics).toMatchObject({ total: 3, totalRewardsDistributed: 16.04, downlineRewardsCount: 3 });
  });

  it('says a distributed cycle is distributed, with zeros, and writes nothing', async () => {
    const body = await statement(finished);
    const before = await written();
    const response = await preview(body);
    expect(await written()).toEqual(before);
    expect(response.json().message).toBe(`Cycle #${finished} has already been distributed.`);
    expect(response.json().data).toMatchObject({
      cycle: finished,
      alreadyDistributed: true,
      inputCount: 0,
      matchedCount: 0,
      unknownUids: [],
      unknownCount: 0,
      totalMasterAmount: 0,
      rewardsToWrite: 0,
      totalToPay: 0,
      totalToLock: 0,
    });
  });

  it('previews a statement read from the exchange as the run then reads it', async () => {
    const cycle = finished - 1;
    await addMember(t.database.db, await addMember(t.database.db, null, linkedMemberColumns(uniqueUid())), {
      ...linkedMemberColumns(uniqueUid()),
    });
    const before = await written();
    const previewed = (await preview({ cycle, source: 'exchange' })).json().data;
    expect(await written()).toEqual(before);
    expect(previewed).toMatchObject({ cycle, alreadyDistributed: false });
    expect(previewed.rewardsToWrite).toBeGreaterThan(0);
    const ran = (await run({ cycle, source: 'exchange' })).json().data;
    expect(ran).toMatchObject({
      source: 'EXCHANGE',
      inputCount: previewed.inputCount,
      rewardsWritten: previewed.rewardsToWrite,
      totalMasterAmount: previewed.totalMasterAmount,
      totalPaid: previewed.totalToPay,
      totalLocked: previewed.totalToLock,
    });
  });

  it('refuses a cycle that has not ended, as the run does', async () => {
    const current = cycleAt(t.config.rewards, t.clock.now());
    const response = await preview({ cycle: current, entries: [{ bingXUID: '12345678', masterAmount: 1 }] });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      errorCode: 'VALIDATION_ERROR',
      message: expect.stringMatching(/not ended/),
    });
  });

  it.each(invalidCycleRequests)('answers VALIDATION_ERROR to %s', async (_name, body) => {
    const response = await preview(body);
    expect(response.statusCode).toBe(400);
    expect(response.json().errorCode).toBe('VALIDATION_ERROR');
  });

  it('refuses members (403) and anonymous callers (401)', async () => {
    await expectCycleRequestRefusedToNonAdministrators(t, '/api/rewards/admin/cycles/preview');
  });
});
