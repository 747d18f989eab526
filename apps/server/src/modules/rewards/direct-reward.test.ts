import { Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalUsdtChain, startLocalUsdtChain } from '../../chain/local-usdt-chain';
import type { UserRow } from '../../db/schema';
import {
  addMember,
  bearer,
  createMember,
  linkedMemberColumns,
  sessionHeaders,
  uniqueUid,
} from '../../testing/builders';
import { createLocalChainTestApp } from '../../testing/local-chain-app';
import type { TestApp } from '../../testing/test-app';
import { findLedgerBalance, findLedgerDiscrepancies } from '../ledger/ledger-repository';
import { cycleAt } from './reward-cycle-calendar';

/** The sponsor's DIRECT reward when a referral's subscription is confirmed on a real in-process EVM. */
describe('a DIRECT reward when a direct referral pays', () => {
  let t: TestApp;
  let chain: LocalUsdtChain;

  beforeAll(async () => {
    chain = await startLocalUsdtChain();
    t = await createLocalChainTestApp(chain, 1);
  }, 180_000);
  afterAll(() => t?.close());

  async function referralOf(sponsor: UserRow) {
    const member = await addMember(t.database.db, sponsor, { deposit_address: Wallet.createRandom().address });
    return { member, token: t.app.context.sessionTokens.sign(member.id) };
  }

  async function pay(referral: { member: UserRow; token: string }, amount = '10') {
    await chain.pay(referral.member.deposit_address as string, amount);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/users/refresh-subscription',
      headers: bearer(referral.token),
    });
    expect(response.statusCode).toBe(200);
  }

  const directRewardsOf = (sponsor: UserRow) =>
    t.database.db
      .selectFrom('rewards')
      .selectAll()
      .where('beneficiary_id', '=', sponsor.id)
      .where('type', '=', 'DIRECT')
      .execute();

  it('credits the compliant sponsor 20 % of the fee, level 1, in the cycle of the payment', async () => {
    const sponsor = await addMember(t.database.db, null, linkedMemberColumns(uniqueUid()));
    const referral = await referralOf(sponsor);
    await pay(referral);

    const [reward, ...others] = await directRewardsOf(sponsor);
    expect(others).toEqual([]);
    expect(reward).toMatchObject({
      source_user_id: referral.member.id,
      level: 1,
      percent: '20.0000',
      master_amount: '10.00000000',
      reward_amount: '2.00000000',
      state: 'POSTED',
      plan_version: 1,
      cycle: cycleAt(t.config.rewards, t.clock.now()),
    });
    expect(await findLedgerBalance(t.database.db, sponsor.id)).toMatchObject({
      creditsPosted: '2.00000000',
      available: '2.00000000',
    });

    const history = await t.app.inject({
      method: 'GET',
      url: '/api/rewards/user?type=DIRECT',
      headers: sessionHeaders(t.app, sponsor),
    });
    expect(history.json().data.rewards).toEqual([
      expect.objectContaining({
        type: 'DIRECT',
        rewardAmount: 2,
        percent: 20,
        masterAmount: 10,
        level: 1,
        state: 'POSTED',
      }),
    ]);
    expect(history.json().data.rewards[0]).not.toHaveProperty('downlineUser');
  });

  it('credits it once, however often the payment is seen again', async () => {
    const sponsor = await addMember(t.database.db, null, linkedMemberColumns(uniqueUid()));
    const referral = await referralOf(sponsor);
    await pay(referral);
    await pay(referral, '10'); // an early renewal waits for the period's end: no second reward now
    await t.app.inject({ method: 'GET', url: '/api/users/refresh-subscription', headers: bearer(referral.token) });
    expect(await directRewardsOf(sponsor)).toHaveLength(1);
  });

  it('locks the reward of a sponsor who has not linked an exchange account', async () => {
    const sponsor = await createMember(t.database.db, { subscriptionPaid: true });
    await pay(await referralOf(sponsor));
    const [reward] = await directRewardsOf(sponsor);
    expect(reward?.state).toBe('LOCKED');
    expect(await findLedgerBalance(t.database.db, sponsor.id)).toMatchObject({
      creditsPending: '2.00000000',
      available: '0.00000000',
    });
  });

  it('pays an administrator sponsor nothing', async () => {
    const admin = await createMember(t.database.db, { isAdmin: true });
    await pay(await referralOf(admin));
    expect(await directRewardsOf(admin)).toEqual([]);
    expect(await findLedgerDiscrepancies(t.database.db)).toEqual([]);
  });
});
