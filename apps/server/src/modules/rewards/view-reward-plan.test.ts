import { complianceWindowDays, minimumExchangeBalanceUsdt } from '@uplink/contract/constants';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { testAppForFile } from '../../testing/app-for-file';

const defaultLevels = [5, 2, 1, 1, 1, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5];

describe('the reward plan', () => {
  const t = testAppForFile();

  const plan = () => t.app.inject({ method: 'GET', url: '/api/rewards/plan' });
  const storePlan = (version: number, direct: string, levels: string) =>
    sql`INSERT INTO reward_plans (version, direct_percent, level_percents)
        VALUES (${version}, ${direct}::numeric, ${levels}::numeric[])`.execute(t.database.db);

  it('answers anyone the default plan: DIRECT 20 %, levels 5, 2, 1, 1, 1 and 0.5 down to 15', async () => {
    const response = await plan();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      message: 'Reward plan',
      data: {
        version: 1,
        directPercent: 20,
        levelPercents: defaultLevels,
        totalLevelPercent: 15,
        compliance: { minimumExchangeBalance: minimumExchangeBalanceUsdt, windowDays: complianceWindowDays },
      },
      error: null,
      errorCode: null,
    });
  });

  it('answers the newest version once one is stored, its percents exact', async () => {
    await storePlan(2, '25.5', '{6.1234,2,1,1,1,0.5,0.5,0.5,0.5,0.5,0.5,0.5,0.5,0.5,0.0001}');
    const { data } = (await plan()).json();
    expect(data.version).toBe(2);
    expect(data.directPercent).toBe(25.5);
    expect(data.levelPercents[0]).toBe(6.1234);
    expect(data.levelPercents[14]).toBe(0.0001);
    expect(data.totalLevelPercent).toBe(15.6235);
  });

  it('cannot be changed or removed once stored: a new plan is a new version', async () => {
    await expect(
      sql`UPDATE reward_plans SET direct_percent = 90 WHERE version = 1`.execute(t.database.db),
    ).rejects.toThrow(/append-only/);
    await expect(sql`DELETE FROM reward_plans`.execute(t.database.db)).rejects.toThrow(/append-only/);
    await expect(sql`TRUNCATE reward_plans`.execute(t.database.db)).rejects.toThrow(/append-only|referenced/);
    expect((await plan()).json().data.version).toBe(2);
  });

  it.each([
    ['14 levels', '20', '{5,2,1,1,1,0.5,0.5,0.5,0.5,0.5,0.5,0.5,0.5,0.5}'],
    ['16 levels', '20', '{5,2,1,1,1,0.5,0.5,0.5,0.5,0.5,0.5,0.5,0.5,0.5,0.5,0.5}'],
    ['a negative level percent', '20', '{5,2,1,1,1,0.5,0.5,0.5,0.5,0.5,0.5,0.5,0.5,0.5,-0.5}'],
    ['a level percent over 100', '20', '{101,2,1,1,1,0.5,0.5,0.5,0.5,0.5,0.5,0.5,0.5,0.5,0.5}'],
    ['a negative DIRECT percent', '-1', '{5,2,1,1,1,0.5,0.5,0.5,0.5,0.5,0.5,0.5,0.5,0.5,0.5}'],
    ['a DIRECT percent over 100', '100.5', '{5,2,1,1,1,0.5,0.5,0.5,0.5,0.5,0.5,0.5,0.5,0.5,0.5}'],
  ])('is refused by the database with %s', async (_case, direct, levels) => {
    await expect(storePlan(3, direct, levels)).rejects.toThrow(/check constraint/);
    expect((await plan()).json().data.version).toBe(2);
  });

  it('is read-only over the API', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/rewards/plan', payload: { directPercent: 90 } });
    expect(response.statusCode).toBe(404);
    expect((await plan()).json().data.directPercent).toBe(25.5);
  });
});
