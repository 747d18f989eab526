import { randomBytes } from 'node:crypto';
import { Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalUsdtChain, startLocalUsdtChain } from '../../chain/local-usdt-chain';
import { loadConfig } from '../../config';
import type { UserRow } from '../../db/schema';
import { bearer, createMember, fundedMember, latestWithdrawalCode, mailTo, statusesOf } from '../../testing/builders';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { findLedgerBalance, findLedgerDiscrepancies } from '../ledger/ledger-repository';

/** Administrators' decisions, approvals proven by real USDT payments on an in-process EVM. */
describe('an administrator decides a withdrawal', () => {
  let t: TestApp;
  let chain: LocalUsdtChain;
  let adminHeaders: Record<string, string>;
  let admin: UserRow;

  beforeAll(async () => {
    chain = await startLocalUsdtChain();
    const { chain: chainConfig } = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/uplink-test-data' });
    t = await createTestApp({ chain: { ...chainConfig, confirmations: 2 } }, { depositChain: chain.depositChain });
    admin = await createMember(t.database.db, { isAdmin: true });
    adminHeaders = bearer(t.app.context.sessionTokens.sign(admin.id));
  }, 180_000);
  afterAll(() => t?.close());

  /** A member with 100 USDT and a pending withdrawal of `amount` to a fresh address. */
  async function pendingWithdrawal(amount = '40') {
    const member = await fundedMember(t.database.db, '100');
    const headers = bearer(t.app.context.sessionTokens.sign(member.id));
    await t.app.inject({ method: 'POST', url: '/api/otp/withdrawal/request', headers });
    const otp = await latestWithdrawalCode(t.database.db, member.email);
    await t.app.inject({ method: 'POST', url: '/api/otp/withdrawal/verify', headers, payload: { otp } });
    const walletAddress = Wallet.createRandom().address;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/withdrawals',
      headers,
      payload: { amount, walletAddress, asset: 'USDT', otp },
    });
    expect(created.statusCode).toBe(200);
    return { member, id: created.json().data._id as string, walletAddress };
  }

  const decide = (id: string, body: Record<string, unknown>, headers = adminHeaders) =>
    t.app.inject({ method: 'PUT', url: `/api/withdrawals/${id}`, headers, payload: body });

  /** Pays on chain and waits for the confirmations. */
  async function pay(to: string, amount: string) {
    const payment = await chain.pay(to, amount);
    await chain.mine(1);
    return payment.txHash;
  }

  it('approves a withdrawal paid on chain: the hold is posted, the member is told, the decision audited', async () => {
    const { member, id, walletAddress } = await pendingWithdrawal('40');
    const transactionHash = await pay(walletAddress, '40');
    const answer = await decide(id, { status: 'APPROVED', transactionHash });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toMatchObject({ status: 'APPROVED', transactionHash, processedAt: expect.any(String) });
    expect(await findLedgerBalance(t.database.db, member.id)).toMatchObject({
      available: '60.00000000',
      debitsPending: '0.00000000',
      debitsPosted: '40.00000000',
    });
    const [mail] = await mailTo(t.database.db, member.email);
    expect(mail?.subject).toBe('Your Uplink withdrawal has been approved and paid');
    expect(mail?.text).toContain(transactionHash);
    const audit = await t.database.db.selectFrom('audit_log').selectAll().where('target_id', '=', id).execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_id: admin.id, action: 'WITHDRAWAL_APPROVED', target_type: 'WITHDRAWAL' });
  });

  it('rejects with a reason and gives the amount back; a second decision is refused', async () => {
    const { member, id } = await pendingWithdrawal('40');
    expect(
      (await decide(id, { status: 'REJECTED', reason: 'Address belongs to a sanctioned exchange' })).statusCode,
    ).toBe(200);
    expect((await findLedgerBalance(t.database.db, member.id))?.available).toBe('100.00000000');
    const again = await decide(id, { status: 'APPROVED', transactionHash: `0x${randomBytes(32).toString('hex')}` });
    expect(again.statusCode).toBe(409);
    expect(again.json().errorCode).toBe('WITHDRAWAL_ALREADY_PROCESSED');
    expect((await decide(id, { status: 'BLOCKED_COMPLIANCE', reason: 'x' })).json().errorCode).toBe(
      'WITHDRAWAL_ALREADY_PROCESSED',
    );
  });

  it('blocks for compliance with a reason and releases the hold', async () => {
    const { member, id } = await pendingWithdrawal('10');
    const answer = await decide(id, { status: 'BLOCKED_COMPLIANCE', reason: 'Not copying for 30 days' });
    expect(answer.json().data).toMatchObject({ status: 'BLOCKED_COMPLIANCE', reason: 'Not copying for 30 days' });
    expect((await findLedgerBalance(t.database.db, member.id))?.available).toBe('100.00000000');
  });

  it('refuses a rejection without a reason and an approval without a hash', async () => {
    const { id } = await pendingWithdrawal();
    for (const body of [
      { status: 'REJECTED' },
      { status: 'REJECTED', reason: '   ' },
      { status: 'APPROVED' },
      { status: 'PENDING' },
    ]) {
      const answer = await decide(id, body);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().errorCode).toBe('VALIDATION_ERROR');
    }
  });

  it('refuses a forged hash, a payment of another amount or to another address, and an unconfirmed one', async () => {
    const { id, walletAddress } = await pendingWithdrawal('40');
    const forged = await decide(id, { status: 'APPROVED', transactionHash: `0x${randomBytes(32).toString('hex')}` });
    expect(forged.json()).toMatchObject({
      errorCode: 'VALIDATION_ERROR',
      message: expect.stringMatching(/No successful transaction/),
    });
    const short = await pay(walletAddress, '39.99');
    expect((await decide(id, { status: 'APPROVED', transactionHash: short })).json().message).toMatch(
      /does not transfer 40/,
    );
    const elsewhere = await pay(Wallet.createRandom().address, '40');
    expect((await decide(id, { status: 'APPROVED', transactionHash: elsewhere })).json().errorCode).toBe(
      'VALIDATION_ERROR',
    );
    const unconfirmed = (await chain.pay(walletAddress, '40')).txHash;
    expect((await decide(id, { status: 'APPROVED', transactionHash: unconfirmed })).json().message).toMatch(
      /confirmations/,
    );
    await chain.mine(1);
    expect((await decide(id, { status: 'APPROVED', transactionHash: unconfirmed })).statusCode).toBe(200);
  });

  it('refuses a payment that already proves another withdrawal', async () => {
    const first = await pendingWithdrawal('5');
    const second = await pendingWithdrawal('5');
    // Both to the first's address would break the one-pending-per-address rule, so pay the first only.
    const hash = await pay(first.walletAddress, '5');
    expect((await decide(first.id, { status: 'APPROVED', transactionHash: hash })).statusCode).toBe(200);
    const reused = await decide(second.id, { status: 'APPROVED', transactionHash: hash });
    expect(reused.json().errorCode).toBe('VALIDATION_ERROR');
  });

  it('makes one decision of 50 concurrent approvals, with one audit row', async () => {
    const { member, id, walletAddress } = await pendingWithdrawal('20');
    const transactionHash = await pay(walletAddress, '20');
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => decide(id, { status: 'APPROVED', transactionHash })),
    );
    const statuses = statusesOf(answers);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(49);
    const audit = await t.database.db.selectFrom('audit_log').select('id').where('target_id', '=', id).execute();
    expect(audit).toHaveLength(1);
    expect((await findLedgerBalance(t.database.db, member.id))?.debitsPosted).toBe('20.00000000');
    expect(await findLedgerDiscrepancies(t.database.db)).toEqual([]);
  });

  it('answers WITHDRAWAL_NOT_FOUND for an unknown withdrawal and refuses members', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const answer = await decide(id, { status: 'REJECTED', reason: 'x' });
      expect(answer.statusCode).toBe(404);
      expect(answer.json().errorCode).toBe('WITHDRAWAL_NOT_FOUND');
    }
    const { id, member } = await pendingWithdrawal();
    const asMember = await decide(
      id,
      { status: 'REJECTED', reason: 'mine' },
      bearer(t.app.context.sessionTokens.sign(member.id)),
    );
    expect(asMember.statusCode).toBe(403);
  });
});
