import { randomBytes } from 'node:crypto';
import { Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type LocalUsdtChain, startLocalUsdtChain } from '../../chain/local-usdt-chain';
import { loadConfig } from '../../config/load-config';
import type { UserRow } from '../../db/schema';
import {
  createMember,
  fundedMember,
  mailTo,
  sessionHeaders,
  soleAuditRowOf,
  statusesOf,
  verifyMailedWithdrawalCode,
} from '../../testing/builders';
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
    adminHeaders = sessionHeaders(t.app, admin);
  }, 180_000);
  afterAll(() => t?.close());

  /** A member with 100 USDT and a pending withdrawal of `amount` to a fresh address. */
  async function pendingWithdrawal(amount = '40') {
    const member = await fundedMember(t.database.db, '100');
    const headers = sessionHeaders(t.app, member);
    await t.app.inject({ method: 'POST', url: '/api/otp/withdrawal/request', headers });
    const otp = await verifyMailedWithdrawalCode(t, member, headers);
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
    expect(mail?.text).toContain(`Your withdrawal of 40.00 USDT to ${walletAddress} has been approved and paid.`);
    expect(mail?.text).toContain(transactionHash);
    expect(await soleAuditRowOf(t.database.db, id)).toMatchObject({
      actor_id: admin.id,
      action: 'WITHDRAWAL_APPROVED',
      target_type: 'WITHDRAWAL',
    });
  });

  it('rejects with a reason and gives the amount back; a second decision is refused', async () => {
    const { member, id } = await pendingWithdrawal('40');
    expect(
      (await decide(id, { status: 'REJECTED', reason: 'Address belongs to a sanctioned exchange' })).statusCode,
    ).toBe(200);
    expect((await findLedgerBalance(t.database.db, member.id))?.available).toBe('100.00000000');
    // A decided withdrawal is refused as such before anything asks the chain about a hash.
    const transfersIn = vi.spyOn(chain.depositChain, 'transfersIn');
    const again = await decide(id, { status: 'APPROVED', transactionHash: `0x${randomBytes(32).toString('hex')}` });
    expect(again.statusCode).toBe(409);
    expect(again.json().errorCode).toBe('WITHDRAWAL_ALREADY_PROCESSED');
    expect(transfersIn).not.toHaveBeenCalled();
    transfersIn.mockRestore();
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

  it("tells the member an approval's note as a note and keeps the internal note for administrators and the audit", async () => {
    const { member, id, walletAddress } = await pendingWithdrawal('40');
    const transactionHash = await pay(walletAddress, '40');
    const answer = await decide(id, {
      status: 'APPROVED',
      transactionHash,
      reason: 'Paid in two parts next time',
      internalNote: 'Checked with compliance desk, ticket 1234',
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data.reason).toBe('Paid in two parts next time');
    expect(answer.json().data).not.toHaveProperty('internalNote');
    const memberHeaders = sessionHeaders(t.app, member);
    const mine = await t.app.inject({ method: 'GET', url: `/api/withdrawals/${id}`, headers: memberHeaders });
    const list = await t.app.inject({ method: 'GET', url: '/api/withdrawals', headers: memberHeaders });
    for (const body of [mine.body, list.body]) {
      expect(body).toContain('Paid in two parts next time');
      expect(body).not.toContain('ticket 1234');
      expect(body).not.toContain('internalNote');
    }
    const [mail] = await mailTo(t.database.db, member.email);
    expect(mail?.text).toContain('Note: Paid in two parts next time');
    expect(mail?.text).not.toContain('Reason:');
    expect(`${mail?.text} ${mail?.html}`).not.toContain('ticket 1234');
    const review = await t.app.inject({ method: 'GET', url: `/api/withdrawals/admin/${id}`, headers: adminHeaders });
    expect(review.json().data.withdrawal).toMatchObject({
      reason: 'Paid in two parts next time',
      internalNote: 'Checked with compliance desk, ticket 1234',
    });
    const [audit] = await t.database.db.selectFrom('audit_log').selectAll().where('target_id', '=', id).execute();
    expect(audit?.before).toMatchObject({ reason: null, internalNote: null });
    expect(audit?.after).toMatchObject({
      reason: 'Paid in two parts next time',
      internalNote: 'Checked with compliance desk, ticket 1234',
    });
  });

  it("says a rejection's reason as a reason, and keeps its internal note from the member", async () => {
    const { member, id } = await pendingWithdrawal('10');
    const answer = await decide(id, {
      status: 'REJECTED',
      reason: 'The address is an exchange deposit address',
      internalNote: 'Second try this week',
    });
    expect(answer.statusCode).toBe(200);
    const [mail] = await mailTo(t.database.db, member.email);
    expect(mail?.text).toContain('Reason: The address is an exchange deposit address');
    expect(`${mail?.text} ${mail?.html}`).not.toContain('Second try this week');
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/withdrawals',
      headers: sessionHeaders(t.app, member),
    });
    expect(list.body).not.toContain('Second try this week');
    const [audit] = await t.database.db.selectFrom('audit_log').selectAll().where('target_id', '=', id).execute();
    expect(audit?.after).toMatchObject({ internalNote: 'Second try this week' });
  });

  it.each([
    ['over 500 characters', 'x'.repeat(501)],
    ['an invisible direction mark', 'paid \u202Eeton'],
  ])('refuses an internal note of %s', async (_name, internalNote) => {
    const { id } = await pendingWithdrawal('10');
    const answer = await decide(id, { status: 'REJECTED', reason: 'No', internalNote });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().errorCode).toBe('VALIDATION_ERROR');
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

  const review = async (id: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/withdrawals/admin/${id}`, headers: adminHeaders })).json().data;
  const releasePayment = (id: string) =>
    t.app.inject({ method: 'POST', url: `/api/withdrawals/admin/${id}/release-payment`, headers: adminHeaders });

  it('refuses a payment that does not come from a treasury wallet', async () => {
    const { id, walletAddress } = await pendingWithdrawal('40');
    // A mint is a USDT transfer of the amount to the address too, from the zero address.
    const minted = (await chain.mint(walletAddress, 40n * 10n ** 18n)).txHash;
    await chain.mine(1);
    const answer = await decide(id, { status: 'APPROVED', transactionHash: minted });
    expect(answer.json()).toMatchObject({
      errorCode: 'VALIDATION_ERROR',
      message: expect.stringMatching(/from a treasury wallet/),
    });
    expect((await review(id)).paymentUnderWay).toBeNull();
  });

  it('refuses to reject or block while a payment is under way, shows it, and keeps it until it is approved', async () => {
    const { member, id, walletAddress } = await pendingWithdrawal('40');
    const unconfirmed = (await chain.pay(walletAddress, '40')).txHash;
    expect((await decide(id, { status: 'APPROVED', transactionHash: unconfirmed })).json().message).toMatch(
      /confirmations/,
    );
    for (const body of [
      { status: 'REJECTED', reason: 'Changed my mind' },
      { status: 'BLOCKED_COMPLIANCE', reason: 'x' },
      { status: 'APPROVED', transactionHash: `0x${randomBytes(32).toString('hex')}` },
    ]) {
      const refused = await decide(id, body);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().errorCode).toBe('WITHDRAWAL_PAYMENT_IN_PROGRESS');
    }
    expect((await review(id)).paymentUnderWay).toEqual({
      claimedAt: expect.any(String),
      claimedBy: admin.email,
      transactionHash: unconfirmed,
      batchId: null,
    });
    const release = await releasePayment(id);
    expect(release.json()).toMatchObject({
      errorCode: 'WITHDRAWAL_PAYMENT_IN_PROGRESS',
      message: expect.stringContaining(unconfirmed),
    });
    await chain.mine(1);
    expect((await decide(id, { status: 'APPROVED', transactionHash: unconfirmed })).statusCode).toBe(200);
    expect((await findLedgerBalance(t.database.db, member.id))?.debitsPosted).toBe('40.00000000');
    expect(await findLedgerDiscrepancies(t.database.db)).toEqual([]);
  });

  it('releases a claim left standing once the chain shows no payment, and finds one sent without its hash', async () => {
    const stuck = await pendingWithdrawal('15');
    const paid = await pendingWithdrawal('16');
    // As a treasury payment leaves them when the process dies: claimed, the hash never written.
    const head = await chain.head();
    await t.database.db
      .updateTable('withdrawals')
      .set({ payment_claimed_at: new Date(), payment_claimed_by: admin.id, payment_claim_block: head })
      .where('id', 'in', [stuck.id, paid.id])
      .execute();
    expect((await decide(stuck.id, { status: 'REJECTED', reason: 'x' })).json().errorCode).toBe(
      'WITHDRAWAL_PAYMENT_IN_PROGRESS',
    );
    expect((await review(stuck.id)).paymentUnderWay).toMatchObject({ transactionHash: null });
    expect((await releasePayment(stuck.id)).json().data).toEqual({ released: true });
    expect((await review(stuck.id)).paymentUnderWay).toBeNull();
    expect((await releasePayment(stuck.id)).json().data).toEqual({ released: false });
    expect((await decide(stuck.id, { status: 'REJECTED', reason: 'Never paid' })).statusCode).toBe(200);

    const sent = await pay(paid.walletAddress, '16');
    expect((await releasePayment(paid.id)).json().errorCode).toBe('WITHDRAWAL_PAYMENT_IN_PROGRESS');
    expect((await review(paid.id)).paymentUnderWay).toMatchObject({ transactionHash: sent });
    expect((await decide(paid.id, { status: 'APPROVED', transactionHash: sent })).statusCode).toBe(200);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_id', '=', stuck.id)
      .execute();
    expect(audit.map((row) => row.action).sort()).toEqual(['WITHDRAWAL_PAYMENT_RELEASED', 'WITHDRAWAL_REJECTED']);
    expect(await findLedgerDiscrepancies(t.database.db)).toEqual([]);
  });

  it('never pays and rejects at once: concurrent approvals and rejections end approved, or rejected with the approval refused', async () => {
    const second = await createMember(t.database.db, { isAdmin: true });
    const secondHeaders = sessionHeaders(t.app, second);
    const withdrawals: Awaited<ReturnType<typeof pendingWithdrawal>>[] = [];
    for (let index = 0; index < 8; index += 1) withdrawals.push(await pendingWithdrawal('12'));
    const hashes: string[] = [];
    for (const withdrawal of withdrawals) hashes.push(await pay(withdrawal.walletAddress, '12'));
    const answers = await Promise.all(
      withdrawals.flatMap((withdrawal, index) => [
        decide(withdrawal.id, { status: 'APPROVED', transactionHash: hashes[index] }),
        decide(withdrawal.id, { status: 'REJECTED', reason: 'Raced' }, secondHeaders),
      ]),
    );
    expect(statusesOf(answers).filter((status) => status >= 500)).toEqual([]);
    for (const [index, withdrawal] of withdrawals.entries()) {
      const { withdrawal: decided, flaggedPayments } = await review(withdrawal.id);
      const [approval, rejection] = [answers[2 * index], answers[2 * index + 1]];
      if (decided.status === 'APPROVED') {
        expect(decided.transactionHash).toBe(hashes[index]);
        expect(['WITHDRAWAL_PAYMENT_IN_PROGRESS', 'WITHDRAWAL_ALREADY_PROCESSED']).toContain(
          rejection?.json().errorCode,
        );
      } else {
        // The approval came second: refused as such; the payment on chain is the reconciliation's to flag.
        expect(decided.status).toBe('REJECTED');
        expect(approval?.json().errorCode).toBe('WITHDRAWAL_ALREADY_PROCESSED');
        expect(flaggedPayments).toEqual([]);
      }
    }
    expect(await findLedgerDiscrepancies(t.database.db)).toEqual([]);
  });

  it('answers WITHDRAWAL_NOT_FOUND for an unknown withdrawal and refuses members', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const answer = await decide(id, { status: 'REJECTED', reason: 'x' });
      expect(answer.statusCode).toBe(404);
      expect(answer.json().errorCode).toBe('WITHDRAWAL_NOT_FOUND');
    }
    const { id, member } = await pendingWithdrawal();
    const asMember = await decide(id, { status: 'REJECTED', reason: 'mine' }, sessionHeaders(t.app, member));
    expect(asMember.statusCode).toBe(403);
  });
});
