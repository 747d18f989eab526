import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema';
import { addChain, addMember, creditReward } from '../../testing/builders';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { settleLockedRewards } from '../rewards/settle-locked-rewards';
import { referralTreeCaller, viewReferralTree } from './referral-tree';

describe('a member views their referral tree', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    // Generous: a fresh migrated database on a busy machine can take a while.
  }, 180_000);
  afterAll(() => t?.close());

  async function tree(member: UserRow, query = '') {
    const token = t.app.context.sessionTokens.sign(member.id);
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/users/referral-tree${query}`,
      headers: { authorization: `Bearer ${token}` },
    });
    return { status: response.statusCode, body: response.json() };
  }

  let cycle = 0;
  const reward = (beneficiary: UserRow, source: UserRow, amount: string, level: number) => {
    cycle += 1;
    return creditReward(t.database.db, { beneficiary, source, amount, level, cycle });
  };

  it('nests the downline under the caller with levels, sizes and what the caller earned', async () => {
    const upline = await addMember(t.database.db, null);
    const caller = await addMember(t.database.db, upline, { first_name: 'Root', last_name: 'Member' });
    const first = await addMember(t.database.db, caller, { created_at: '2025-01-01T00:00:00Z' });
    const second = await addMember(t.database.db, caller, { created_at: '2025-02-01T00:00:00Z' });
    const [grandchild, greatGrandchild] = await addChain(t.database.db, first, 2);
    const sibling = await addMember(t.database.db, upline);
    await addMember(t.database.db, sibling);

    await reward(caller, first, '1.25', 1);
    await reward(caller, first, '0.5', 1);
    await reward(caller, grandchild!, '0.123456789', 2);
    await reward(upline, first, '9', 2); // the upline's earnings are not the caller's

    const { status, body } = await tree(caller);
    expect(status).toBe(200);
    const data = body.data;
    expect(data.userInfo).toEqual({
      firstName: 'Root',
      lastName: 'Member',
      email: caller.email,
      userId: caller.user_id,
    });
    expect(data.referralTree.map((node: { _id: string }) => node._id)).toEqual([first.id, second.id]);
    const [firstNode, secondNode] = data.referralTree;
    expect(firstNode).toMatchObject({
      _id: first.id,
      userId: first.user_id,
      firstName: first.first_name,
      lastName: first.last_name,
      email: first.email,
      level: 1,
      hasChildren: true,
      totalDescendants: 2,
      totalRewards: 1.75,
    });
    expect(firstNode.children[0]).toMatchObject({ _id: grandchild!.id, level: 2, totalRewards: 0.12345679 });
    expect(firstNode.children[0].children[0]).toMatchObject({
      _id: greatGrandchild!.id,
      level: 3,
      hasChildren: false,
      children: [],
      totalDescendants: 0,
    });
    expect(secondNode).toMatchObject({ hasChildren: false, totalDescendants: 0, totalRewards: 0 });
    expect(data.statistics).toEqual({
      totalReferrals: 4,
      directReferrals: 2,
      indirectReferrals: 2,
      maxDepthReached: 3,
      // The ledger's credits: 1.25 + 0.50 + 0.12 (0.00345679 carried to the next credit).
      totalEarningsFromTree: 1.87,
      averageEarningsPerReferral: 0.4675,
    });
    expect(data.figures).toEqual({
      exact: 1.87345679,
      credited: 1.87,
      locked: 0,
      forfeited: 0,
      carried: 0.00345679,
      note: 'Rows are rounded to the cent. Exact sum 1.87345679 USDT: 1.87 credited, 0.00345679 carried to your next credit.',
    });
    expect(data).toMatchObject({ maxLevels: 15, truncated: false });
    const all = JSON.stringify(data);
    expect(all).not.toContain(upline.id);
    expect(all).not.toContain(sibling.id);
  });

  it('keeps a forfeited reward in its node and names it in the line, so the nodes add up to the exact sum', async () => {
    const caller = await addMember(t.database.db, null);
    const [direct] = await addChain(t.database.db, caller, 1);
    cycle += 1;
    await creditReward(t.database.db, {
      beneficiary: caller,
      source: direct!,
      amount: '0.755',
      cycle,
      state: 'LOCKED',
      createdAt: new Date(t.clock.now().getTime() - 40 * 86_400_000),
    });
    // Not compliant, 40 days on: forfeited.
    expect(await settleLockedRewards(t.app.context)).toMatchObject({ forfeited: 1 });
    await reward(caller, direct!, '1.25', 1);

    const { body } = await tree(caller);
    expect(body.data.referralTree[0].totalRewards).toBe(2.005);
    expect(body.data.statistics.totalEarningsFromTree).toBe(1.25);
    expect(body.data.figures).toMatchObject({ exact: 2.005, credited: 1.25, forfeited: 0.75, carried: 0.005 });
    // The rows to the cent (0.76 and 1.25) add to a cent more than was booked: the line says so,
    // as on the rewards screens.
    expect(body.data.figures.note).toBe(
      'The rows, each rounded to the cent, add to 2.01 USDT. Exact sum 2.005 USDT: 1.25 credited, 0.75 forfeited, 0.005 carried to your next credit.',
    );
  });

  it('stops the nodes at maxLevels but counts every figure over the whole downline', async () => {
    const caller = await addMember(t.database.db, null);
    const chain = await addChain(t.database.db, caller, 5);
    const branch = await addMember(t.database.db, chain[0]!);
    await addChain(t.database.db, branch, 2);
    await reward(caller, chain[3]!, '2', 4);

    const full = await tree(caller);
    const { body } = await tree(caller, '?maxLevels=2');
    const [level1] = body.data.referralTree;
    expect(level1).toMatchObject({ level: 1, totalDescendants: 7, hasChildren: true });
    // Level 2 is the last shown; its own downline is counted all the same.
    expect(level1.children.map((node: { _id: string }) => node._id).sort()).toEqual([chain[1]!.id, branch.id].sort());
    for (const node of level1.children) expect(node).toMatchObject({ level: 2, hasChildren: true, children: [] });
    expect(level1.children.find((node: { _id: string }) => node._id === chain[1]!.id)).toMatchObject({
      totalDescendants: 3,
    });
    expect(level1.children.find((node: { _id: string }) => node._id === branch.id)).toMatchObject({
      totalDescendants: 2,
    });
    // The cards are the whole downline's, whatever depth is displayed.
    expect(body.data.statistics).toEqual(full.body.data.statistics);
    expect(body.data.statistics).toMatchObject({
      totalReferrals: 8,
      directReferrals: 1,
      indirectReferrals: 7,
      maxDepthReached: 5,
      totalEarningsFromTree: 2,
      averageEarningsPerReferral: 0.25,
    });
    expect(body.data.maxLevels).toBe(2);
  });

  it("counts a member's descendants within the caller's 15 levels only", async () => {
    const caller = await addMember(t.database.db, null);
    await addChain(t.database.db, caller, 17);
    const { body } = await tree(caller, '?maxLevels=1');
    // Levels 2..15 below the caller: the member's own levels 15 and 16 lie outside the caller's network.
    expect(body.data.referralTree[0]).toMatchObject({ level: 1, totalDescendants: 14 });
    expect(body.data.statistics).toMatchObject({ totalReferrals: 15, maxDepthReached: 15 });
  });

  it('answers an empty tree for a member without referrals', async () => {
    const caller = await addMember(t.database.db, null);
    const { body } = await tree(caller);
    expect(body.data.referralTree).toEqual([]);
    expect(body.data.statistics).toEqual({
      totalReferrals: 0,
      directReferrals: 0,
      indirectReferrals: 0,
      maxDepthReached: 0,
      totalEarningsFromTree: 0,
      averageEarningsPerReferral: 0,
    });
  });

  it('cuts a large tree after whole levels and says so, keeping the full statistics', async () => {
    const caller = await addMember(t.database.db, null);
    const directs = [await addMember(t.database.db, caller), await addMember(t.database.db, caller)];
    for (const direct of directs) {
      for (let index = 0; index < 3; index += 1) await addMember(t.database.db, direct);
    }
    const viewed = await referralTreeCaller.read(t.database.db, caller.id);
    if (!viewed) throw new Error('the caller was not found');
    const result = await viewReferralTree(t.database.db, viewed, 15, 5);
    expect(result.truncated).toBe(true);
    expect(result.nodeLimit).toBe(5);
    expect(result.referralTree).toHaveLength(2);
    const shown = result.referralTree.reduce((sum, node) => sum + 1 + node.children.length, 0);
    expect(shown).toBe(5);
    expect(result.referralTree.every((node) => node.totalDescendants === 3 && node.hasChildren)).toBe(true);
    expect(result.statistics.totalReferrals).toBe(8);

    const whole = await viewReferralTree(t.database.db, viewed, 15, 8);
    expect(whole.truncated).toBe(false);
  });

  it.each(['maxLevels=0', 'maxLevels=16', 'maxLevels=abc', 'maxLevels=2.5'])(
    'refuses %s with VALIDATION_ERROR',
    async (query) => {
      const caller = await addMember(t.database.db, null);
      const { status, body } = await tree(caller, `?${query}`);
      expect(status).toBe(400);
      expect(body).toMatchObject({ success: false, errorCode: 'VALIDATION_ERROR' });
      expect(body.data.errors[0].field).toBe('maxLevels');
    },
  );

  it('requires a signed-in member', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/users/referral-tree' });
    expect(response.statusCode).toBe(401);
  });
});
