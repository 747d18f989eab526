import { Wallet } from 'ethers';
import { describe, expect, it } from 'vitest';
import { seedDemoNetwork } from '../../bootstrap/demo-network';
import type { UserRow } from '../../db/schema';
import { createMember } from '../../testing/builders';
import { demoChainAppForFile } from '../../testing/demo-chain-app';
import { backfillRiskReview } from './risk-backfill';

/**
 * `npm start`'s demo raises no risk event: the seeded network, backfilled as a deploy would, and
 * members paying through the demo chain (`POST /dev/demo-pay`), each from a wallet of their own.
 */
describe('the demo network and the demo payment raise no risk event', () => {
  const chain = demoChainAppForFile({ confirmations: 1 });

  const db = () => chain.t.database.db;
  const events = () => db().selectFrom('risk_events').select(['rule', 'cluster_key']).execute();

  it('the seeded network, backfilled: nothing', async () => {
    const network = await seedDemoNetwork(db(), chain.t.config, chain.admin.id);
    expect(network.created).toBe(true);
    expect(await backfillRiskReview(db(), chain.t.config.risk, new Date())).toMatchObject({
      ran: true,
      eventsOpened: 0,
    });
    expect(await events()).toEqual([]);
  });

  it('members paid by the demo payment: each from its own wallet, nothing raised', async () => {
    const members: UserRow[] = [];
    for (let index = 0; index < 4; index += 1) {
      const member = await createMember(db(), { columns: { deposit_address: Wallet.createRandom().address } });
      members.push(member);
      const paid = await chain.t.app.inject({
        method: 'POST',
        url: '/api/dev/demo-pay',
        payload: { email: member.email },
      });
      expect(paid.statusCode, paid.body).toBe(200);
    }
    for (const member of members) {
      const refreshed = await chain.t.app.inject({
        method: 'GET',
        url: '/api/users/refresh-subscription',
        headers: { authorization: `Bearer ${chain.t.app.context.sessionTokens.sign(member.id)}` },
      });
      expect(refreshed.json().data.paid, refreshed.body).toBe(true);
    }
    const senders = await db()
      .selectFrom('deposit_transfers')
      .select('from_address')
      .where(
        'user_id',
        'in',
        members.map((member) => member.id),
      )
      .execute();
    expect(new Set(senders.map((row) => row.from_address.toLowerCase())).size).toBe(members.length);
    expect(await events()).toEqual([]);
  });
});
