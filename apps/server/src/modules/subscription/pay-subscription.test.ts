import { Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalUsdtChain, startLocalUsdtChain } from '../../chain/local-usdt-chain';
import { createMember } from '../../testing/builders';
import { createLocalChainTestApp } from '../../testing/local-chain-app';
import type { TestApp } from '../../testing/test-app';
import { createDepositScanner } from './deposit-scanner';

/**
 * Paying the subscription on a real in-process EVM with a deployed 18-decimal ERC-20, through
 * GET /users/refresh-subscription and the background scan. Three confirmations are required here.
 */
/** Starting an EVM and a database takes a while on a busy machine. */
const setupTimeoutMs = 180_000;

describe('paying the subscription on chain', () => {
  let t: TestApp;
  let chain: LocalUsdtChain;

  beforeAll(async () => {
    chain = await startLocalUsdtChain();
    t = await createLocalChainTestApp(chain, 3);
  }, setupTimeoutMs);
  afterAll(() => t.close());

  async function newMember(createdAt?: Date) {
    const member = await createMember(t.database.db);
    const address = Wallet.createRandom().address;
    await t.database.db
      .updateTable('users')
      .set({ deposit_address: address, ...(createdAt ? { created_at: createdAt } : {}) })
      .where('id', '=', member.id)
      .execute();
    const token = t.app.context.sessionTokens.sign(member.id);
    return { id: member.id, address, token };
  }

  async function refresh(token: string) {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/users/refresh-subscription',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(200);
    return response.json().data as {
      paid: boolean;
      amount: number | null;
      received: number;
      due: number;
      transactionHash: string | null;
      timestamp: string | null;
      periodEndsAt: string | null;
    };
  }

  const scanAll = () => {
    const scanner = createDepositScanner(t.app.context);
    if (!scanner) throw new Error('no scanner');
    return scanner.scanPending();
  };

  const transfersOf = (memberId: string) =>
    t.database.db.selectFrom('deposit_transfers').selectAll().where('user_id', '=', memberId).execute();

  it('marks the exact fee paid once it has the confirmations, with timestamp, amount, hash and period end', async () => {
    const member = await newMember();
    const payment = await chain.pay(member.address, '10');
    await chain.mine(1);
    expect((await refresh(member.token)).paid).toBe(false);

    await chain.mine(1);
    const fee = await refresh(member.token);
    expect(fee).toEqual({
      paid: true,
      amount: 10,
      transactionHash: payment.txHash,
      timestamp: payment.blockTime.toISOString(),
      periodEndsAt: new Date(payment.blockTime.getTime() + 365 * 86_400_000).toISOString(),
      received: 0,
      due: 0,
    });
    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/users/profile',
      headers: { authorization: `Bearer ${member.token}` },
    });
    expect(profile.json().data.subscriptionFee.paid).toBe(true);
  });

  it('adds up two partial payments, showing the hash of the one that completed the fee', async () => {
    const member = await newMember();
    await chain.pay(member.address, '4');
    await chain.mine(2);
    await scanAll();
    expect((await refresh(member.token)).paid).toBe(false);

    const second = await chain.pay(member.address, '6');
    await chain.mine(2);
    await scanAll();
    const fee = await refresh(member.token);
    expect(fee).toMatchObject({ paid: true, amount: 10, transactionHash: second.txHash });
  });

  it('shows a partial payment as received and the rest as due, on the refresh and in the profile', async () => {
    const member = await newMember();
    expect(await refresh(member.token)).toMatchObject({ paid: false, received: 0, due: 10 });
    await chain.pay(member.address, '4');
    await chain.mine(2);
    await scanAll();
    expect(await refresh(member.token)).toMatchObject({ paid: false, amount: null, received: 4, due: 6 });

    await chain.pay(member.address, '2.35');
    await chain.mine(2);
    await scanAll();
    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/users/profile',
      headers: { authorization: `Bearer ${member.token}` },
    });
    expect(profile.json().data.subscriptionFee).toMatchObject({ paid: false, received: 6.35, due: 3.65 });

    // The payment that completes the fee uses every transfer: nothing is left toward the next period.
    await chain.pay(member.address, '3.65');
    await chain.mine(2);
    expect(await refresh(member.token)).toMatchObject({ paid: true, amount: 10, received: 0, due: 0 });
  });

  it('leaves an underpayment unpaid, never showing more received than arrived', async () => {
    const member = await newMember();
    await chain.pay(member.address, '9.999999999999999999');
    await chain.mine(3);
    await scanAll();
    // Rounded to 8 decimals the amount would read as the whole fee: received rounds down, due up.
    expect(await refresh(member.token)).toMatchObject({
      paid: false,
      amount: null,
      received: 9.99999999,
      due: 0.00000001,
    });
    expect(await transfersOf(member.id)).toHaveLength(1);
  });

  it('records an overpayment in full', async () => {
    const member = await newMember();
    await chain.pay(member.address, '15.5');
    await chain.mine(2);
    expect(await refresh(member.token)).toMatchObject({ paid: true, amount: 15.5 });
  });

  it('ignores a transfer to another address', async () => {
    const member = await newMember();
    await chain.pay(Wallet.createRandom().address, '10');
    await chain.mine(2);
    await scanAll();
    expect((await refresh(member.token)).paid).toBe(false);
    expect(await transfersOf(member.id)).toHaveLength(0);
  });

  it('counts the same log once, however often it is read', async () => {
    const member = await newMember();
    const payment = await chain.pay(member.address, '6');
    await chain.mine(2);
    await scanAll();
    await refresh(member.token);
    // Rewind the job's cursor so it reads the same blocks again.
    await t.database.db
      .updateTable('chain_scan_cursors')
      .set({ last_block: payment.blockNumber - 1, last_block_hash: null })
      .execute();
    await scanAll();
    await refresh(member.token);
    const transfers = await transfersOf(member.id);
    expect(transfers.map((transfer) => transfer.tx_hash)).toEqual([payment.txHash]);
    expect((await refresh(member.token)).paid).toBe(false);
  });

  it('survives a reorg shallower than the confirmation depth', async () => {
    const member = await newMember();
    const beforeFork = await chain.snapshot();
    await chain.pay(member.address, '10');
    await chain.mine(1);
    await scanAll();
    expect((await refresh(member.token)).paid).toBe(false);

    // The block with the transfer is replaced by a longer branch without it.
    await chain.revert(beforeFork);
    await chain.mine(4);
    await scanAll();
    expect((await refresh(member.token)).paid).toBe(false);
    expect(await transfersOf(member.id)).toHaveLength(0);

    const replay = await chain.pay(member.address, '10');
    await chain.mine(2);
    await scanAll();
    expect(await refresh(member.token)).toMatchObject({ paid: true, transactionHash: replay.txHash });
  });

  it('does not count a transfer from before the period start', async () => {
    const early = Wallet.createRandom().address;
    const before = await chain.pay(early, '10');
    await chain.increaseTime(3600);
    const member = await newMember(new Date(before.blockTime.getTime() + 1800_000));
    await t.database.db.updateTable('users').set({ deposit_address: early }).where('id', '=', member.id).execute();
    await chain.mine(2);
    await scanAll();
    expect((await refresh(member.token)).paid).toBe(false);

    const inPeriod = await chain.pay(early, '10');
    await chain.mine(2);
    expect(await refresh(member.token)).toMatchObject({ paid: true, amount: 10, transactionHash: inPeriod.txHash });
  });

  it('makes the member unpaid again when the period expires, until a new payment', async () => {
    const member = await newMember();
    await chain.pay(member.address, '10');
    await chain.mine(2);
    expect((await refresh(member.token)).paid).toBe(true);

    // A year and a day pass.
    await t.database.db
      .updateTable('users')
      .set((eb) => ({
        subscription_paid_at: eb.ref('subscription_paid_at'),
        subscription_period_ends_at: new Date(Date.now() - 86_400_000),
      }))
      .where('id', '=', member.id)
      .execute();
    await scanAll();
    expect((await refresh(member.token)).paid).toBe(false);

    const renewal = await chain.pay(member.address, '10');
    await chain.mine(2);
    await scanAll();
    expect(await refresh(member.token)).toMatchObject({
      paid: true,
      transactionHash: renewal.txHash,
      timestamp: renewal.blockTime.toISOString(),
    });
  });

  it('keeps an early renewal for the next period, which starts when the current one ends', async () => {
    const member = await newMember();
    await chain.pay(member.address, '10');
    await chain.mine(2);
    expect((await refresh(member.token)).paid).toBe(true);
    const renewal = await chain.pay(member.address, '10');
    await chain.mine(2);
    await scanAll();
    const running = await refresh(member.token);
    expect(running.transactionHash).not.toBe(renewal.txHash);
    // Nothing is due while the period runs; the renewal waits as received toward the next one.
    expect(running).toMatchObject({ paid: true, received: 10, due: 0 });

    // The running period ends (moved into the past); the renewal pays the next one.
    const ended = new Date(Date.now() - 60_000);
    await t.database.db
      .updateTable('users')
      .set({ subscription_period_ends_at: ended })
      .where('id', '=', member.id)
      .execute();
    await scanAll();
    // The chain's clock may run ahead of ours: the period starts at the later of the two.
    const start = Math.max(ended.getTime(), renewal.blockTime.getTime());
    expect(await refresh(member.token)).toMatchObject({
      paid: true,
      transactionHash: renewal.txHash,
      timestamp: new Date(start).toISOString(),
      periodEndsAt: new Date(start + 365 * 86_400_000).toISOString(),
    });
  });

  it('reads a restarted dev chain again from its start block', async () => {
    await scanAll();
    await chain.restart();
    const member = await newMember();
    const payment = await chain.pay(member.address, '10');
    await chain.mine(2);
    await scanAll();
    const row = await t.database.db
      .selectFrom('users')
      .select('subscription_tx_hash')
      .where('id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(row.subscription_tx_hash).toBe(payment.txHash);
  });
});
