import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema';
import { adminTestApp } from '../../testing/admin-test-app';
import { addMember, linkedMemberColumns, uniqueUid } from '../../testing/builders';
import { postCycleRequest } from '../../testing/cycle-requests';
import type { TestApp } from '../../testing/test-app';
import { FakeBingxAgentServer } from '../exchange/fake-bingx-agent-server';
import { findLedgerDiscrepancies } from '../ledger/ledger-repository';
import { cycleWindow } from './reward-cycle-calendar';

/**
 * A cycle read from BingX's agent API takes the documented copy-trading commission
 * (`extCopyCommissionVolume`) as each copier's masterAmount, and its run says so; a statement
 * that pays nothing while members are linked is refused, never distributed as an empty cycle.
 */
describe('a reward cycle from the BingX agent API', () => {
  const exchange = new FakeBingxAgentServer('agent-key', 'agent-secret');
  let t: TestApp;
  let adminHeaders: Record<string, string>;
  let top: UserRow;
  let copier: UserRow;
  let nextCycle = 1;

  beforeAll(async () => {
    const baseUrl = await exchange.start();
    ({ t, adminHeaders } = await adminTestApp({
      integrations: { depositChain: null, exchangeGateway: exchange.clientFor(baseUrl) },
    }));
    top = await addMember(t.database.db, null, linkedMemberColumns(uniqueUid()));
    copier = await addMember(t.database.db, top, linkedMemberColumns(uniqueUid()));
  }, 180_000);
  afterAll(async () => {
    await t.close();
    await exchange.stop();
  });
  beforeEach(() => {
    exchange.commissionDays.length = 0;
    exchange.failNext.length = 0;
  });

  const post = (url: string, body: object) => postCycleRequest(t, adminHeaders, url, body);
  /** The exchange reports each member's copy-trading commission an hour into the cycle, beside a swap volume that must not count. */
  const reportCopyCommissions = (cycle: number, amounts: readonly (readonly [UserRow, string])[]) => {
    const { startsAt } = cycleWindow(t.config.rewards, cycle);
    for (const [member, amount] of amounts) {
      exchange.commissionDays.push({
        uid: member.bingx_uid as string,
        time: startsAt.getTime() + 3_600_000,
        extCopyCommissionVolume: amount,
        swapCommissionVolume: '500',
      });
    }
  };
  const runsOf = (cycle: number) =>
    t.database.db.selectFrom('reward_cycle_runs').selectAll().where('cycle', '=', cycle).execute();

  it('distributes the summed extCopyCommissionVolume and names that basis on the run', async () => {
    const cycle = nextCycle++;
    reportCopyCommissions(cycle, [
      [copier, '60'],
      [copier, '40'],
      [top, '0'],
    ]);
    const response = await post('/api/rewards/admin/cycles', { cycle, source: 'exchange' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      source: 'EXCHANGE',
      basis: 'EXCHANGE_COPY_TRADING_COMMISSION',
      totalMasterAmount: 100,
      totalPaid: 5,
    });

    const listed = await t.app.inject({ method: 'GET', url: '/api/rewards/admin/cycles', headers: adminHeaders });
    expect(listed.json().data.runs[0]).toMatchObject({ cycle, basis: 'EXCHANGE_COPY_TRADING_COMMISSION' });
    expect(await findLedgerDiscrepancies(t.database.db)).toEqual([]);
  });

  it('previews what the exchange reports, writing nothing, as the run then distributes it', async () => {
    const cycle = nextCycle++;
    reportCopyCommissions(cycle, [
      [copier, '100'],
      [top, '0'],
    ]);
    const preview = await post('/api/rewards/admin/cycles/preview', { cycle, source: 'exchange' });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({
      message: `Cycle ${cycle} would write 1 rewards`,
      data: {
        cycle,
        alreadyDistributed: false,
        inputCount: 2,
        matchedCount: 2,
        unknownCount: 0,
        totalMasterAmount: 100,
        rewardsToWrite: 1,
        totalToPay: 5,
        totalToLock: 0,
      },
    });
    expect(await runsOf(cycle)).toEqual([]);
    const run = await post('/api/rewards/admin/cycles', { cycle, source: 'exchange' });
    expect(run.json().data).toMatchObject({ outcome: 'DISTRIBUTED', rewardsWritten: 1, totalPaid: 5 });
  });

  it('answers a retryable EXCHANGE_UNAVAILABLE in words when the exchange does not answer, and writes nothing', async () => {
    const cycle = nextCycle++;
    for (const url of ['/api/rewards/admin/cycles/preview', '/api/rewards/admin/cycles']) {
      exchange.failNext.push(...Array.from({ length: 3 }, () => ({ status: 503, body: { code: 503 } })));
      const response = await post(url, { cycle, source: 'exchange' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({
        success: false,
        errorCode: 'EXCHANGE_UNAVAILABLE',
        message: 'The exchange is not answering right now. Please try again in a minute.',
      });
    }
    expect(await runsOf(cycle)).toEqual([]);
  });

  it('names an uploaded statement as its basis', async () => {
    const cycle = nextCycle++;
    const response = await post('/api/rewards/admin/cycles', {
      cycle,
      entries: [{ bingXUID: copier.bingx_uid, masterAmount: '10' }],
    });
    expect(response.json().data).toMatchObject({ source: 'UPLOAD', basis: 'UPLOADED_STATEMENT' });
  });

  it.each([
    ['no rows at all', () => {}],
    [
      'rows with only other business lines and an undocumented profit share',
      (startsAt: Date) => {
        exchange.failNext.push({
          status: 200,
          body: {
            code: 0,
            msg: '',
            data: {
              total: 1,
              list: [{ uid: Number(copier.bingx_uid), commissionTime: startsAt.getTime(), extCopyProfitShare: '25' }],
            },
          },
        });
      },
    ],
  ])('refuses an exchange statement that pays nothing while members are linked (%s)', async (_name, arrange) => {
    const cycle = nextCycle++;
    for (const url of ['/api/rewards/admin/cycles/preview', '/api/rewards/admin/cycles']) {
      arrange(cycleWindow(t.config.rewards, cycle).startsAt);
      const response = await post(url, { cycle, source: 'exchange' });
      expect(response.statusCode).toBe(502);
      expect(response.json()).toMatchObject({
        success: false,
        errorCode: 'EXCHANGE_STATEMENT_EMPTY',
        message: expect.stringMatching(/empty statement/),
      });
    }
    expect(await runsOf(cycle)).toEqual([]);
    // Refused, not recorded: the cycle can still be run once the exchange answers.
    reportCopyCommissions(cycle, [[copier, '20']]);
    const retried = await post('/api/rewards/admin/cycles', { cycle, source: 'exchange' });
    expect(retried.json().data).toMatchObject({ outcome: 'DISTRIBUTED', totalMasterAmount: 20 });
    expect(await findLedgerDiscrepancies(t.database.db)).toEqual([]);
  });
});
