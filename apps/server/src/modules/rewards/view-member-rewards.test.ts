import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema';
import { addMember, bearer, creditReward } from '../../testing/builders';
import { createTestApp, type TestApp } from '../../testing/test-app';

describe('a member reads their rewards history', () => {
  let t: TestApp;
  let member: UserRow;
  let token: string;
  let other: UserRow;
  const sources: UserRow[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    member = await addMember(t.database.db, null);
    other = await addMember(t.database.db, null);
    token = t.app.context.sessionTokens.sign(member.id);
    for (let index = 0; index < 3; index += 1) {
      sources.push(await addMember(t.database.db, member, { first_name: `Source${index}`, last_name: 'Copier' }));
    }
    // 30 rewards, each a day apart: DIRECT at level 1 (cycles 1..6) and DOWNLINE at levels 1..3,
    // eight each, one a cycle (cycles 1..24); the last three are locked.
    let day = 0;
    const at = () => new Date(Date.UTC(2026, 2, 1 + day++));
    for (let cycle = 1; cycle <= 6; cycle += 1) {
      await creditReward(t.database.db, {
        beneficiary: member,
        source: sources[0] as UserRow,
        amount: `2.${cycle}`,
        type: 'DIRECT',
        level: 1,
        cycle,
        createdAt: at(),
        masterAmount: '10',
        percent: '20',
      });
    }
    for (let round = 1; round <= 8; round += 1) {
      for (let level = 1; level <= 3; level += 1) {
        await creditReward(t.database.db, {
          beneficiary: member,
          source: sources[level - 1] as UserRow,
          amount: `${level}.0${round}`,
          level,
          cycle: (round - 1) * 3 + level,
          createdAt: at(),
          state: round === 8 ? 'LOCKED' : 'POSTED',
        });
      }
    }
    await creditReward(t.database.db, { beneficiary: other, source: member, amount: '99', cycle: 1 });
  }, 180_000);
  afterAll(() => t?.close());

  const list = async (query = '') => {
    const response = await t.app.inject({ method: 'GET', url: `/api/rewards/user${query}`, headers: bearer(token) });
    return { status: response.statusCode, body: response.json() };
  };

  it("answers the newest ten with the spec's pagination", async () => {
    const { status, body } = await list();
    expect(status).toBe(200);
    expect(body.data.pagination).toEqual({
      currentPage: 1,
      totalPages: 3,
      totalRecords: 30,
      limit: 10,
      hasNext: true,
      hasPrev: false,
    });
    const dates = body.data.rewards.map((reward: { createdAt: string }) => reward.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(body.data.rewards[0]).toEqual({
      _id: expect.any(String),
      type: 'DOWNLINE',
      rewardAmount: 3.08,
      percent: 5,
      masterAmount: 100,
      level: 3,
      cycle: 24,
      state: 'LOCKED',
      createdAt: '2026-03-30T00:00:00.000Z',
      downlineUser: { name: 'Source2 Copier', email: sources[2]?.email, userId: sources[2]?.user_id },
    });
  });

  it('shows DIRECT rewards without a downline member', async () => {
    const { body } = await list('?type=DIRECT&limit=25');
    expect(body.data.pagination).toMatchObject({ totalRecords: 6, totalPages: 1 });
    for (const reward of body.data.rewards) {
      expect(reward).toMatchObject({ type: 'DIRECT', level: 1, percent: 20, masterAmount: 10 });
      expect(reward).not.toHaveProperty('downlineUser');
    }
  });

  it('filters by level, and by type and level together', async () => {
    expect((await list('?level=2')).body.data.pagination.totalRecords).toBe(8);
    expect((await list('?level=1')).body.data.pagination.totalRecords).toBe(14);
    const both = await list('?type=DOWNLINE&level=1&limit=50');
    expect(both.body.data.pagination.totalRecords).toBe(8);
    expect(
      both.body.data.rewards.every((r: { type: string; level: number }) => r.type === 'DOWNLINE' && r.level === 1),
    ).toBe(true);
    expect((await list('?level=15')).body.data).toMatchObject({
      rewards: [],
      pagination: { totalRecords: 0, totalPages: 0 },
    });
  });

  it('sorts oldest first, largest first and smallest first', async () => {
    const amounts = async (sort: string) =>
      (await list(`?sort=${encodeURIComponent(sort)}&limit=100`)).body.data.rewards.map(
        (r: { rewardAmount: number }) => r.rewardAmount,
      );
    const all = await amounts('-createdAt');
    expect(all).toHaveLength(30);
    expect(await amounts('createdAt')).toEqual([...all].reverse());
    expect(await amounts('-rewardAmount')).toEqual([...all].sort((a, b) => b - a));
    expect(await amounts('rewardAmount')).toEqual([...all].sort((a, b) => a - b));
  });

  it('pages through with 25 a page', async () => {
    const second = await list('?page=2&limit=25');
    expect(second.body.data.rewards).toHaveLength(5);
    expect(second.body.data.pagination).toEqual({
      currentPage: 2,
      totalPages: 2,
      totalRecords: 30,
      limit: 25,
      hasNext: false,
      hasPrev: true,
    });
    expect((await list('?page=9')).body.data.rewards).toEqual([]);
  });

  it("never shows another member's rewards", async () => {
    const { body } = await list('?limit=100');
    expect(body.data.rewards.some((reward: { rewardAmount: number }) => reward.rewardAmount === 99)).toBe(false);
  });

  it.each([
    ['page=0'],
    ['page=-1'],
    ['page=abc'],
    ['page=1.5'],
    ['limit=7'],
    ['limit=1000'],
    ['limit=0'],
    ['type=BONUS'],
    ['type=direct'],
    ['level=0'],
    ['level=16'],
    ['level=two'],
    ['sort=amount'],
    ['sort=-createdAt;DROP TABLE rewards'],
  ])('answers VALIDATION_ERROR to %s', async (query) => {
    const { status, body } = await list(`?${query}`);
    expect(status).toBe(400);
    expect(body.errorCode).toBe('VALIDATION_ERROR');
  });

  it('asks for a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/rewards/user' });
    expect(response.statusCode).toBe(401);
  });
});
