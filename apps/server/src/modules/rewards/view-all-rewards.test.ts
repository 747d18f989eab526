import type { AdminRewardStatistics } from '@uplink/contract/admin-rewards';
import type { RewardType } from '@uplink/contract/member-rewards';
import { toWireMoney } from '@uplink/contract/money';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CodeHolderRow, UserRow } from '../../db/schema';
import { adminTestAppForFile } from '../../testing/app-for-file';
import {
  createMember,
  creditReward,
  linkedMemberColumns,
  type RewardSpec,
  sessionHeaders,
  uniqueEmail,
  uniqueUid,
} from '../../testing/builders';
import { emptyPagination, fullFirstPage } from '../../testing/pagination';
import { rewardTotalsDrift } from '../../testing/reward-statistics';
import { settleLockedRewards } from './settle-locked-rewards';

const dayMs = 86_400_000;

/** Counts as strings, sums null when nothing matches. */
interface BruteForceRow {
  total: string;
  amount: string | null;
  average: string | null;
  max: string | null;
  min: string | null;
  master: string | null;
  direct_count: string;
  downline_count: string;
  direct_amount: string | null;
  downline_amount: string | null;
  ids: string[];
}

interface Filters {
  type?: RewardType;
  level?: number;
  search?: string;
}

describe('administrators list every reward', () => {
  const { t, adminHeaders } = adminTestAppForFile();
  let perpetua: CodeHolderRow;
  let quentin: UserRow;
  let source: UserRow;

  beforeAll(async () => {
    perpetua = await createMember(t.database.db, { firstName: 'Perpetua', email: uniqueEmail('perpetua') });
    quentin = await createMember(t.database.db, { firstName: 'Quentin', email: uniqueEmail('quentin') });
    source = await createMember(t.database.db, { firstName: 'Sorrel' });
    const other = await createMember(t.database.db, { firstName: 'Osric' });
    const rewards: Omit<RewardSpec, 'createdAt'>[] = [
      { beneficiary: perpetua, source, type: 'DIRECT', amount: '2', masterAmount: '10', percent: '20' },
      { beneficiary: perpetua, source, level: 1, amount: '5' },
      { beneficiary: perpetua, source: other, level: 2, amount: '2', percent: '2', cycle: 3 },
      { beneficiary: perpetua, source: other, level: 3, amount: '1', percent: '1', cycle: 2 },
      { beneficiary: quentin, source, level: 2, amount: '0.33333333', masterAmount: '16.6666665', percent: '2' },
      { beneficiary: quentin, source, level: 2, amount: '1.5', percent: '2', cycle: 2, state: 'LOCKED' },
      { beneficiary: quentin, source: other, type: 'DIRECT', amount: '2', cycle: 3, state: 'LOCKED' },
    ];
    const start = Date.now() - 60_000;
    for (const [index, reward] of rewards.entries()) {
      await creditReward(t.database.db, { ...reward, createdAt: new Date(start + index * 1000) });
    }
  }, 180_000);

  const list = (query: Record<string, string | number> = {}, headers = adminHeaders) =>
    t.app.inject({
      method: 'GET',
      url: '/api/rewards/admin/all',
      query: Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)])),
      headers,
    });

  /** The filters answered by plain SQL over every reward: a scan, no counter, no trigram index. */
  async function bruteForce(filters: Filters) {
    const where = sql.join(
      [
        sql`true`,
        ...(filters.type ? [sql`r.type = ${filters.type}`] : []),
        ...(filters.level ? [sql`r.level = ${filters.level}`] : []),
        ...(filters.search
          ? [
              sql`strpos(lower(concat_ws(' ', b.first_name, b.last_name, b.email, b.user_id, b.referral_code)),
                         lower(${filters.search})) > 0`,
            ]
          : []),
      ],
      sql` AND `,
    );
    const { rows } = await sql<BruteForceRow>`
      SELECT count(*) AS total, sum(r.reward_amount) AS amount, round(avg(r.reward_amount), 8) AS average,
             max(r.reward_amount) AS max, min(r.reward_amount) AS min, sum(r.master_amount) AS master,
             count(*) FILTER (WHERE r.type = 'DIRECT') AS direct_count,
             count(*) FILTER (WHERE r.type = 'DOWNLINE') AS downline_count,
             sum(r.reward_amount) FILTER (WHERE r.type = 'DIRECT') AS direct_amount,
             sum(r.reward_amount) FILTER (WHERE r.type = 'DOWNLINE') AS downline_amount,
             coalesce(array_agg(r.id::text ORDER BY r.id DESC), '{}') AS ids
        FROM rewards r JOIN users b ON b.id = r.beneficiary_id
       WHERE ${where}`.execute(t.database.db);
    const row = rows[0] as BruteForceRow;
    const money = (value: string | null) => toWireMoney(value ?? '0');
    const statistics: AdminRewardStatistics = {
      total: Number(row.total),
      totalRewardsDistributed: money(row.amount),
      totalDirectRewards: money(row.direct_amount),
      totalDownlineRewards: money(row.downline_amount),
      directRewardsCount: Number(row.direct_count),
      downlineRewardsCount: Number(row.downline_count),
      totalMasterAmount: money(row.master),
      averageRewardAmount: money(row.average),
      maxRewardAmount: money(row.max),
      minRewardAmount: money(row.min),
    };
    return { statistics, ids: row.ids };
  }

  /** Every matching reward on one page, newest first, and the statistics of the brute force. */
  async function expectBruteForce(filters: Filters) {
    const response = await list({ ...filters, limit: 100 });
    expect(response.statusCode).toBe(200);
    const { rewards, statistics, pagination } = response.json().data;
    const expected = await bruteForce(filters);
    expect(statistics).toEqual(expected.statistics);
    expect(rewards.map((reward: { _id: string }) => reward._id)).toEqual(expected.ids);
    expect(pagination.totalRecords).toBe(expected.statistics.total);
    return { rewards, statistics };
  }

  it('lists every reward newest first, with who earned it and whose activity produced it', async () => {
    const response = await list();
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Rewards');
    const { rewards, pagination, statistics } = response.json().data;
    expect(rewards).toHaveLength(7);
    expect(rewards[0]).toMatchObject({
      type: 'DIRECT',
      level: 1,
      cycle: 3,
      state: 'LOCKED',
      rewardAmount: 2,
      masterAmount: 100,
      percent: 5,
      planVersion: 1,
      rewardUser: {
        _id: quentin.id,
        firstName: 'Quentin',
        lastName: 'Lovelace',
        email: quentin.email,
        userId: quentin.user_id,
      },
      downlineUser: { firstName: 'Osric' },
    });
    expect(rewards[6]).toMatchObject({
      type: 'DIRECT',
      state: 'POSTED',
      percent: 20,
      masterAmount: 10,
      rewardUser: { _id: perpetua.id },
      downlineUser: { _id: source.id, firstName: 'Sorrel', email: source.email, userId: source.user_id },
    });
    expect(pagination).toEqual({
      currentPage: 1,
      totalPages: 1,
      totalRecords: 7,
      limit: 10,
      hasNextPage: false,
      hasPrevPage: false,
      resultsCount: 7,
    });
    // 2 + 5 + 2 + 1 + 0.33333333 + 1.5 + 2 = 13.83333333, over 7 records.
    expect(statistics).toEqual({
      total: 7,
      totalRewardsDistributed: 13.83333333,
      totalDirectRewards: 4,
      totalDownlineRewards: 9.83333333,
      directRewardsCount: 2,
      downlineRewardsCount: 5,
      totalMasterAmount: 526.6666665,
      averageRewardAmount: 1.97619048,
      maxRewardAmount: 5,
      minRewardAmount: 0.33333333,
    });
    await expectBruteForce({});
  });

  it('lists oldest first when asked', async () => {
    const newest = (await list()).json().data.rewards.map((reward: { _id: string }) => reward._id);
    const oldest = (await list({ sort: 'createdAt' })).json().data.rewards.map((reward: { _id: string }) => reward._id);
    expect(oldest).toEqual([...newest].reverse());
  });

  it.each<[string, Filters]>([
    ['DIRECT rewards', { type: 'DIRECT' }],
    ['DOWNLINE rewards', { type: 'DOWNLINE' }],
    ['a level', { level: 2 }],
    ['a type and a level', { type: 'DOWNLINE', level: 3 }],
    ['a type and a level that match nothing', { type: 'DIRECT', level: 2 }],
  ])('filters %s, with the statistics of what matches', async (_name, filters) => {
    const { rewards } = await expectBruteForce(filters);
    for (const reward of rewards) {
      if (filters.type) expect(reward.type).toBe(filters.type);
      if (filters.level) expect(reward.level).toBe(filters.level);
    }
  });

  it('filters DOWNLINE level 2 to exactly its three rewards', async () => {
    const { statistics } = await expectBruteForce({ type: 'DOWNLINE', level: 2 });
    expect(statistics).toMatchObject({
      total: 3,
      totalRewardsDistributed: 3.83333333,
      averageRewardAmount: 1.27777778,
      maxRewardAmount: 2,
      minRewardAmount: 0.33333333,
      directRewardsCount: 0,
    });
  });

  it('answers zeros when nothing matches', async () => {
    const response = await list({ type: 'DIRECT', level: 7 });
    expect(response.json().data).toEqual({
      rewards: [],
      pagination: emptyPagination(),
      statistics: {
        total: 0,
        totalRewardsDistributed: 0,
        totalDirectRewards: 0,
        totalDownlineRewards: 0,
        directRewardsCount: 0,
        downlineRewardsCount: 0,
        totalMasterAmount: 0,
        averageRewardAmount: 0,
        maxRewardAmount: 0,
        minRewardAmount: 0,
      },
      note: 'Rows are rounded to the cent. Exact sum of the 0 matching rewards: 0.00 USDT.',
    });
  });

  it('says under the whole list how its exact sum stands in the ledger: credited, locked and carried in whole cents', async () => {
    // Perpetua: 2 + 5 + 2 + 1 credited whole. Quentin: 0.33333333 credited as 0.33 (0.00333333
    // carried), then 1.5 and 2 locked as 1.50 and 2.00 (the carry stays under a cent).
    const { statistics, note } = (await list()).json().data;
    expect(statistics.totalRewardsDistributed).toBe(13.83333333);
    expect(note).toBe(
      "Rows are rounded to the cent. Exact sum 13.83333333 USDT: 10.33 credited, 3.50 locked, 0.00333333 carried to the members' next credits.",
    );
    expect((await list({ type: 'DOWNLINE' })).json().data.note).toBe(
      'Rows are rounded to the cent. Exact sum of the 5 matching rewards: 9.83333333 USDT.',
    );
  });

  it('searches the beneficiary by name, e-mail, user ID or referral code, in any case', async () => {
    const byName = await expectBruteForce({ search: 'PERPET' });
    expect(byName.statistics.total).toBe(4);
    expect(new Set(byName.rewards.map((reward: { rewardUser: { _id: string } }) => reward.rewardUser._id))).toEqual(
      new Set([perpetua.id]),
    );
    const byEmail = await expectBruteForce({ search: quentin.email.toUpperCase() });
    expect(byEmail.statistics).toMatchObject({ total: 3, directRewardsCount: 1, totalRewardsDistributed: 3.83333333 });
    const byUserId = await expectBruteForce({ search: quentin.user_id.toLowerCase() });
    expect(byUserId.statistics.total).toBe(3);
    expect((await expectBruteForce({ search: perpetua.referral_code })).statistics.total).toBe(4);
    // The source member is not searched: Sorrel earned nothing.
    expect((await expectBruteForce({ search: 'sorrel' })).statistics.total).toBe(0);
  });

  it('searches with the filters together', async () => {
    const { statistics } = await expectBruteForce({ search: 'perpetua', type: 'DOWNLINE', level: 2 });
    expect(statistics).toMatchObject({ total: 1, totalRewardsDistributed: 2, maxRewardAmount: 2, minRewardAmount: 2 });
  });

  it('finds nothing for a search no member matches, and takes wildcards literally', async () => {
    for (const search of ['nobody-is-called-this', '%', '_']) {
      const { statistics, rewards } = await expectBruteForce({ search });
      expect(rewards).toEqual([]);
      expect(statistics.total).toBe(0);
    }
  });

  it('pages through the rewards', async () => {
    const all = (await bruteForce({})).ids;
    const page = async (number: number) => (await list({ page: number, limit: 3 })).json().data;
    const first = await page(1);
    expect(first.rewards.map((reward: { _id: string }) => reward._id)).toEqual(all.slice(0, 3));
    expect(first.pagination).toEqual(fullFirstPage(all.length, 3));
    const second = await page(2);
    expect(second.rewards.map((reward: { _id: string }) => reward._id)).toEqual(all.slice(3, 6));
    expect(second.pagination).toMatchObject({ hasNextPage: true, hasPrevPage: true });
    const last = await page(Math.ceil(all.length / 3));
    expect(last.rewards.map((reward: { _id: string }) => reward._id)).toEqual(all.slice(-(all.length % 3 || 3)));
    expect(last.pagination).toMatchObject({ hasNextPage: false, hasPrevPage: true });
    const beyond = await page(50);
    expect(beyond.rewards).toEqual([]);
    expect(beyond.pagination).toMatchObject({ totalRecords: all.length, resultsCount: 0, hasNextPage: false });
    expect(beyond.statistics.total).toBe(all.length);
  });

  it('keeps the counters right when locked rewards are released or forfeited', async () => {
    // Compliant again (paid, linked, 250 USDT, no cycle yet to copy in): the sweep releases it.
    const compliant = await createMember(t.database.db, { columns: linkedMemberColumns(uniqueUid()) });
    await creditReward(t.database.db, {
      beneficiary: compliant,
      source,
      level: 4,
      amount: '3',
      percent: '1',
      state: 'LOCKED',
    });
    // Never compliant, locked 40 days ago: past the 30-day window, the sweep forfeits it.
    const lapsed = await createMember(t.database.db);
    await creditReward(t.database.db, {
      beneficiary: lapsed,
      source,
      level: 4,
      amount: '7',
      percent: '1',
      state: 'LOCKED',
      createdAt: new Date(Date.now() - 40 * dayMs),
    });
    expect(await settleLockedRewards(t.app.context)).toMatchObject({ released: 1, forfeited: 1 });
    const states = await t.database.db
      .selectFrom('rewards')
      .select(['beneficiary_id', 'state'])
      .where('beneficiary_id', 'in', [compliant.id, lapsed.id, quentin.id])
      .execute();
    expect(states.map((row) => [row.beneficiary_id, row.state]).sort()).toEqual(
      [
        [compliant.id, 'RELEASED'],
        [lapsed.id, 'FORFEITED'],
        [quentin.id, 'POSTED'],
        // Not compliant, but still within the window: still locked.
        [quentin.id, 'LOCKED'],
        [quentin.id, 'LOCKED'],
      ].sort(),
    );

    expect(await rewardTotalsDrift(t.database.db)).toEqual([]);
    const { rows: extremes } = await sql`
      (SELECT type, level, max(reward_amount), min(reward_amount), min(id), max(id) FROM rewards GROUP BY 1, 2
       EXCEPT SELECT type, level, max(max_reward), min(min_reward), min(first_id), max(last_id) FROM reward_extremes GROUP BY 1, 2)
      UNION ALL
      (SELECT type, level, max(max_reward), min(min_reward), min(first_id), max(last_id) FROM reward_extremes GROUP BY 1, 2
       EXCEPT SELECT type, level, max(reward_amount), min(reward_amount), min(id), max(id) FROM rewards GROUP BY 1, 2)`.execute(
      t.database.db,
    );
    expect(extremes).toEqual([]);

    // A forfeited reward is still a record: listed, counted, and its amount in the totals.
    const { rewards, statistics } = await expectBruteForce({ level: 4 });
    expect(rewards.map((reward: { state: string }) => reward.state)).toEqual(['FORFEITED', 'RELEASED']);
    expect(statistics).toMatchObject({ total: 2, totalRewardsDistributed: 10, maxRewardAmount: 7, minRewardAmount: 3 });
    await expectBruteForce({});
  });

  it('refuses what the counters rely on: a reward changing more than its state, or deleted', async () => {
    const [id] = (await bruteForce({})).ids;
    await expect(
      sql`UPDATE rewards SET reward_amount = reward_amount + 1 WHERE id = ${id}`.execute(t.database.db),
    ).rejects.toThrow(/can change only its state/);
    await expect(sql`DELETE FROM rewards WHERE id = ${id}`.execute(t.database.db)).rejects.toThrow(/append-only/);
  });

  it.each([
    ['an unknown type', { type: 'BONUS' }],
    ['level 0', { level: 0 }],
    ['level 16', { level: 16 }],
    ['a level that is not a number', { level: 'deep' }],
    ['a limit of 0', { limit: 0 }],
    ['a limit of 101', { limit: 101 }],
    ['a sort by amount', { sort: '-rewardAmount' }],
    ['page 0', { page: 0 }],
  ])('answers VALIDATION_ERROR to %s', async (_name, query) => {
    const response = await list(query);
    expect(response.statusCode).toBe(400);
    expect(response.json().errorCode).toBe('VALIDATION_ERROR');
  });

  it('refuses members (403) and anonymous callers (401)', async () => {
    const asMember = await list({}, sessionHeaders(t.app, perpetua));
    expect(asMember.statusCode).toBe(403);
    expect(asMember.json().errorCode).toBe('FORBIDDEN');
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/rewards/admin/all' });
    expect(anonymous.statusCode).toBe(401);
  });
});
