import { userStatuses } from '@uplink/contract/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema';
import { addMember } from '../../testing/builders';
import { createTestApp, type TestApp } from '../../testing/test-app';

/** A random network, then the API's statistics against a count done the slow, obvious way. */
describe('referral statistics match a brute-force count', () => {
  let t: TestApp;
  let members: UserRow[];
  // A seeded generator, so a failure can be replayed.
  let state = 20260101;
  const random = () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };

  beforeAll(async () => {
    t = await createTestApp();
    const root = await addMember(t.database.db, null);
    members = [root];
    for (let index = 0; index < 180; index += 1) {
      // Skewed: early members sponsor most of the network; 20+ levels so the 15-level cut matters.
      const sponsor =
        index % 9 === 0 ? members[members.length - 1]! : members[Math.floor(members.length * random() ** 3)]!;
      members.push(
        await addMember(t.database.db, sponsor, {
          status: random() < 0.15 ? 'LOCKED' : random() < 0.1 ? 'DISABLED' : 'ACTIVE',
          subscription_paid_at: random() < 0.6 ? new Date() : null,
          bingx_uid: random() < 0.5 ? `B${index}-${state}` : null,
        }),
      );
    }
    // Later changes must reach the statistics too: status changes, payments, links, removals.
    for (const member of members.slice(1).filter(() => random() < 0.3)) {
      await t.database.db
        .updateTable('users')
        .set({
          status: userStatuses[Math.floor(random() * 3)]!,
          subscription_paid_at: member.subscription_paid_at ? null : new Date(),
          bingx_uid: member.bingx_uid ? null : `C${member.seq}`,
        })
        .where('id', '=', member.id)
        .execute();
    }
    members = await t.database.db.selectFrom('users').selectAll().execute();
    // Generous: a fresh migrated database on a busy machine can take a while.
  }, 180_000);
  afterAll(() => t?.close());

  function bruteForce(caller: UserRow, filter: { level?: number; maxLevel?: number; status?: string }) {
    const byId = new Map(members.map((member) => [member.id, member]));
    const levelBelow = (member: UserRow): number | null => {
      let level = 0;
      for (let current: UserRow | undefined = member; current; current = byId.get(current.sponsor_id ?? '')) {
        if (current.id === caller.id) return level;
        level += 1;
      }
      return null;
    };
    const matching = members.filter((member) => {
      const level = levelBelow(member);
      if (level === null || level < 1 || level > 15) return false;
      if (filter.level !== undefined && level !== filter.level) return false;
      if (filter.maxLevel !== undefined && level > filter.maxLevel) return false;
      return filter.status === undefined || member.status === filter.status;
    });
    return {
      totalReferrals: matching.length,
      activeReferrals: matching.filter((member) => member.status === 'ACTIVE').length,
      bingxLinked: matching.filter((member) => member.bingx_uid !== null).length,
      paidSubscriptions: matching.filter((member) => member.subscription_paid_at !== null).length,
    };
  }

  it('for every member and a range of filters', async () => {
    const filters = [
      {},
      { level: 1 },
      { level: 3 },
      { maxLevel: 2 },
      { status: 'ACTIVE' },
      { status: 'LOCKED', maxLevel: 4 },
    ];
    let compared = 0;
    // A LOCKED or DISABLED member has no working session, so only ACTIVE members are asked.
    for (const caller of members.filter((member, index) => index % 5 === 0 && member.status === 'ACTIVE')) {
      const token = t.app.context.sessionTokens.sign(caller.id);
      for (const filter of filters) {
        const query = new URLSearchParams(
          Object.entries(filter).map(([key, value]): [string, string] => [key, String(value)]),
        );
        const response = await t.app.inject({
          method: 'GET',
          url: `/api/users/referrals/history?${query}`,
          headers: { authorization: `Bearer ${token}` },
        });
        const expected = bruteForce(caller, filter);
        expect(response.json().data.statistics, `${caller.id} ${query}`).toEqual(expected);
        compared += expected.totalReferrals;
      }
    }
    expect(compared).toBeGreaterThan(300);
  });

  it('in the tree, with per-member downline sizes', async () => {
    const root = members.find((member) => member.sponsor_id === null)!;
    const token = t.app.context.sessionTokens.sign(root.id);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/users/referral-tree?maxLevels=15',
      headers: { authorization: `Bearer ${token}` },
    });
    const tree = response.json().data;
    const all = bruteForce(root, {});
    const direct = bruteForce(root, { level: 1 });
    expect(tree.statistics).toMatchObject({
      totalReferrals: all.totalReferrals,
      directReferrals: direct.totalReferrals,
      indirectReferrals: all.totalReferrals - direct.totalReferrals,
    });
    type Node = { _id: string; level: number; totalDescendants: number; children: Node[] };
    const check = (node: Node): number => {
      const below = node.children.reduce((sum, child) => sum + 1 + check(child), 0);
      const member = members.find((candidate) => candidate.id === node._id)!;
      expect(node.totalDescendants).toBe(bruteForce(member, { maxLevel: 15 - node.level }).totalReferrals);
      expect(node.totalDescendants).toBe(below);
      return below;
    };
    expect(tree.referralTree.reduce((sum: number, node: Node) => sum + 1 + check(node), 0)).toBe(all.totalReferrals);
  });
});
