import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema';
import {
  addMember,
  createMember,
  creditReward,
  linkedMemberColumns,
  sessionHeaders,
  uniqueUid,
} from '../../testing/builders';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { findLedgerBalance } from '../ledger/ledger-repository';
import { cycleWindow } from './reward-cycle-calendar';

describe('reward statistics of a member', () => {
  let t: TestApp;
  let member: UserRow;
  let source: UserRow;

  beforeAll(async () => {
    t = await createTestApp();
    member = await addMember(t.database.db, null, linkedMemberColumns(uniqueUid()));
    source = await addMember(t.database.db, member);
    await creditReward(t.database.db, { beneficiary: member, source, amount: '2', type: 'DIRECT', cycle: 3 });
    await creditReward(t.database.db, { beneficiary: member, source, amount: '10.12345678', cycle: 3 });
    await creditReward(t.database.db, { beneficiary: member, source, amount: '5', cycle: 4 });
    await creditReward(t.database.db, {
      beneficiary: member,
      source,
      amount: '1.5',
      cycle: 5,
      state: 'LOCKED',
      createdAt: new Date('2026-11-01T00:00:00Z'),
    });
  }, 180_000);
  afterAll(() => t?.close());

  const stats = async (of: UserRow | string, as: UserRow) => {
    const id = typeof of === 'string' ? of : of.id;
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/rewards/stats/${encodeURIComponent(id)}`,
      headers: sessionHeaders(t.app, as),
    });
    return { status: response.statusCode, body: response.json() };
  };

  it('gives the member their balances from the ledger and the breakdown by type', async () => {
    const { status, body } = await stats(member, member);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      // Whole cents: 2 + 10.12 + 5.00 credited, 0.00345678 of the exact 17.12345678 carried.
      currentBalance: 17.12,
      totalRewards: 17.12,
      totalWithdrawn: 0,
      pendingWithdrawals: 0,
      lockedRewards: 1.5,
      rewardBreakdown: { calculatedTotal: 17.12, directRewards: 2, downlineRewards: 15.12 },
    });
    const balance = await findLedgerBalance(t.database.db, member.id);
    expect(body.data.totalRewards).toBe(Number(balance?.creditsPosted));
  });

  it('says how the exact rewards stand in the ledger, in one line built from the figures', async () => {
    const { body } = await stats(member, member);
    expect(body.data.figures).toEqual({
      exact: 18.62345678,
      credited: 17.12,
      locked: 1.5,
      forfeited: 0,
      carried: 0.00345678,
      note: 'Rows are rounded to the cent. Exact sum 18.62345678 USDT: 17.12 credited, 1.50 locked, 0.00345678 carried to your next credit.',
    });
    const admin = await createMember(t.database.db, { isAdmin: true });
    expect((await stats(member, admin)).body.data.figures.note).toContain(
      "0.00345678 carried to the member's next credit.",
    );
  });

  it('names what the rows add to, each rounded to the cent, when that differs from the cents booked', async () => {
    const earner = await addMember(t.database.db, null, linkedMemberColumns(uniqueUid()));
    for (const cycle of [7, 8, 9]) {
      await creditReward(t.database.db, { beneficiary: earner, source, amount: '0.335', cycle });
    }
    expect((await stats(earner, earner)).body.data.figures.note).toBe(
      'The rows, each rounded to the cent, add to 1.02 USDT. Exact sum 1.005 USDT: 1.00 credited, 0.005 carried to your next credit.',
    );
  });

  it('names the moment of the newest reward or withdrawal, so statements open on its month', async () => {
    const { rows } = await sql<{ newest: Date }>`
      SELECT max(created_at) AS newest FROM rewards WHERE beneficiary_id = ${member.id}`.execute(t.database.db);
    expect((await stats(member, member)).body.data.latestActivityAt).toBe(rows[0]?.newest.toISOString());
    const newcomer = await createMember(t.database.db);
    expect((await stats(newcomer, newcomer)).body.data.latestActivityAt).toBeNull();
  });

  it('lists the locked reward with its 30-day deadline', async () => {
    const { body } = await stats(member, member);
    expect(body.data.locked).toEqual([
      {
        type: 'DOWNLINE',
        cycle: 5,
        amount: 1.5,
        lockedAt: '2026-11-01T00:00:00.000Z',
        deadline: '2026-12-01T00:00:00.000Z',
      },
    ]);
  });

  it('charts the earnings per cycle, oldest first, locked ones included', async () => {
    const { body } = await stats(member, member);
    const startOf = (cycle: number) => cycleWindow(t.config.rewards, cycle).startsAt.toISOString();
    expect(body.data.earningsByCycle).toEqual([
      { cycle: 3, startsAt: startOf(3), direct: 2, downline: 10.12 },
      { cycle: 4, startsAt: startOf(4), direct: 0, downline: 5 },
      { cycle: 5, startsAt: startOf(5), direct: 0, downline: 1.5 },
    ]);
  });

  it('says which condition of compliance a member fails', async () => {
    const unlinked = await createMember(t.database.db, { subscriptionPaid: true });
    const { body } = await stats(unlinked, unlinked);
    expect(body.data.lockReasons).toEqual(['EXCHANGE_UID_MISSING']);
    expect((await stats(member, member)).body.data.lockReasons).toEqual([]);
  });

  it('refuses another member (403) and lets an administrator look', async () => {
    const stranger = await createMember(t.database.db);
    const refused = await stats(member, stranger);
    expect(refused.status).toBe(403);
    expect(refused.body.errorCode).toBe('FORBIDDEN');
    const admin = await createMember(t.database.db, { isAdmin: true });
    expect((await stats(member, admin)).body.data.totalRewards).toBe(17.12);
  });

  it('answers an administrator USER_NOT_FOUND for an unknown or malformed id, and a member 403', async () => {
    const admin = await createMember(t.database.db, { isAdmin: true });
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', "' OR 1=1 --"]) {
      const answer = await stats(id, admin);
      expect(answer.status).toBe(404);
      expect(answer.body.errorCode).toBe('USER_NOT_FOUND');
      expect((await stats(id, member)).status).toBe(403);
    }
  });
});
