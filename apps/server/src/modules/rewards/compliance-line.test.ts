import { complianceWindowDays, minimumExchangeBalanceUsdt } from '@uplink/contract/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEnvironment } from '../../config/environment';
import { exchangeConfig } from '../../config/exchange-config';
import type { UserRow } from '../../db/schema';
import { addMember, linkedMemberColumns, uniqueUid } from '../../testing/builders';
import { rewardStatsOf } from '../../testing/reward-statistics';
import { createTestApp, type TestApp, testConfig } from '../../testing/test-app';
import { creditDirectReward } from './direct-rewards-repository';
import { settleOpenLocks } from './reward-compliance-repository';

const lineOf = (env: NodeJS.ProcessEnv) => exchangeConfig(readEnvironment(env).vars).minimumBalance;

describe('the compliance line has one home', () => {
  it('the contract’s constant is the setting’s default; the old name MIN_EXCHANGE_DEPOSIT still sets it, the new one wins', () => {
    expect(lineOf({})).toBe(String(minimumExchangeBalanceUsdt));
    expect(lineOf({ MIN_EXCHANGE_DEPOSIT: '150' })).toBe('150');
    expect(lineOf({ MIN_EXCHANGE_BALANCE: '250', MIN_EXCHANGE_DEPOSIT: '150' })).toBe('250');
  });
});

describe('a server with its own compliance line (250 USDT) judges, shows and forfeits by it alone', () => {
  let t: TestApp;
  const line = '250';

  beforeAll(async () => {
    t = await createTestApp({ exchange: { ...testConfig().exchange, minimumBalance: line } });
  }, 180_000);
  afterAll(() => t?.close());

  const statsOf = (member: UserRow) => rewardStatsOf(t, member);

  it('locks the rewards of a member under the line and says so with the line and the window', async () => {
    const under = await addMember(t.database.db, null, linkedMemberColumns(uniqueUid(), '200'));
    const over = await addMember(t.database.db, null, linkedMemberColumns(uniqueUid(), '250'));
    expect(await statsOf(under)).toMatchObject({
      lockReasons: ['BALANCE_BELOW_MINIMUM'],
      compliance: { minimumExchangeBalance: 250, windowDays: complianceWindowDays },
    });
    expect((await statsOf(over)).lockReasons).toEqual([]);
  });

  it('states the line and the window in the public reward plan, which the landing page prints', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/rewards/plan' });
    expect(response.json().data.compliance).toEqual({ minimumExchangeBalance: 250, windowDays: complianceWindowDays });
  });

  it('forfeits a locked reward at the very deadline the member was shown, not a moment before', async () => {
    const sponsor = await addMember(t.database.db, null, linkedMemberColumns(uniqueUid(), '200'));
    const payer = await addMember(t.database.db, sponsor, linkedMemberColumns(uniqueUid()));
    const lockedAt = new Date('2026-03-27T10:00:00.000Z');
    await t.database.db.transaction().execute((trx) => creditDirectReward(trx, payer.id, '10', 1, line, lockedAt));
    const [locked] = (await statsOf(sponsor)).locked;
    expect(locked.lockedAt).toBe(lockedAt.toISOString());
    const deadline = new Date(locked.deadline);
    expect(deadline.getTime() - lockedAt.getTime()).toBeGreaterThanOrEqual((complianceWindowDays - 1) * 86_400_000);

    expect(await settleOpenLocks(t.database.db, line, new Date(deadline.getTime() - 1))).toEqual({
      released: 0,
      forfeited: 0,
    });
    expect((await settleOpenLocks(t.database.db, line, deadline)).forfeited).toBeGreaterThanOrEqual(1);
    expect((await statsOf(sponsor)).locked).toEqual([]);
  });
});
