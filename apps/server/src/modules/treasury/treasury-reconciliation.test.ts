import { randomUUID } from 'node:crypto';
import { Decimal } from 'decimal.js';
import { formatUnits, Wallet } from 'ethers';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { payManyOnDemoChain, payOnDemoChain } from '../../chain/demo-chain';
import type { UserRow } from '../../db/schema';
import { processJobLock } from '../../jobs/job-lock';
import {
  fundedMember,
  mailTo,
  requestedWithdrawal,
  sessionHeaders,
  verifiedWithdrawalCodes,
} from '../../testing/builders';
import { batchesPaidByHand, demoChainAppForFile } from '../../testing/demo-chain-app';
import { auditOf } from '../../testing/payout-builders';
import { findLedgerBalance, findLedgerDiscrepancies } from '../ledger/ledger-repository';
import { createTreasuryReconciliation, reconciliationActor } from './treasury-reconciliation';

/**
 * The treasury reconciliation on the demo chain served over JSON-RPC (the batch-transfer contract
 * deployed, the treasury's approval given): batches paid from the demo treasury in one multi-send
 * each, stray and second payments, a reorg, a withdrawal rejected while its batch is paid, and a
 * manual approval with a multi-send hash. Three confirmations; blocks are mined by hand.
 */
const { confirmations } = batchesPaidByHand;
const approvedSubject = 'Your Uplink withdrawal has been approved and paid';

describe('the treasury reconciles its payments from the chain', () => {
  const chain = demoChainAppForFile(batchesPaidByHand);

  /** Money transactions the reconciliation opened, counted at its database handle. */
  const transactions = { opened: 0 };
  const reconcile = () => {
    const db = new Proxy(chain.t.database.db, {
      get(target, property) {
        if (property === 'transaction') transactions.opened += 1;
        const value = Reflect.get(target, property, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const reconciliation = createTreasuryReconciliation({ ...chain.t.app.context, db });
    if (!reconciliation) throw new Error('no chain configured');
    return reconciliation.reconcile();
  };
  const withdrawal = (id: string) =>
    chain.t.database.db.selectFrom('withdrawals').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const transferOf = (hash: string, logIndex: number) =>
    chain.t.database.db
      .selectFrom('treasury_transfers')
      .selectAll()
      .where('transaction_hash', '=', hash)
      .where('log_index', '=', logIndex)
      .executeTakeFirst();
  /** The unmatched-transfers counter the alert watches (docs/alerts.yml). */
  const scrapeUnmatched = async () =>
    (await chain.t.app.inject({ method: 'GET', url: '/api/metrics' })).body.match(
      /^uplink_treasury_transfers_unmatched_total (\d+)$/m,
    )?.[1];
  const approvalMails = async (member: UserRow) =>
    (await mailTo(chain.t.database.db, member.email)).filter((mail) => mail.subject === approvedSubject);
  const decide = (id: string, body: Record<string, unknown>) =>
    chain.t.app.inject({ method: 'PUT', url: `/api/withdrawals/${id}`, headers: chain.adminHeaders, payload: body });

  /** A batch written as the batch API writes one: its lines in the order given. */
  async function batchOf(withdrawalIds: readonly string[]): Promise<string> {
    const id = randomUUID();
    await chain.t.database.db
      .insertInto('payout_batches')
      .values({ id, created_by: chain.admin.id, created_at: new Date() })
      .execute();
    await chain.t.database.db
      .insertInto('payout_batch_withdrawals')
      .values(
        withdrawalIds.map((withdrawalId, index) => ({
          batch_id: id,
          withdrawal_id: withdrawalId,
          position: index + 1,
        })),
      )
      .execute();
    return id;
  }

  it('approves 300 withdrawals of 60 members paid in 3 multi-send transactions: hash and log index each, balances and the ledger exact, one e-mail per withdrawal', async () => {
    const members = await Promise.all(Array.from({ length: 60 }, () => fundedMember(chain.t.database.db, '100')));
    const amountOf = (memberIndex: number, line: number) => `${line + 1}.${String(memberIndex).padStart(2, '0')}`;
    const ids: string[][] = [];
    for (const [memberIndex, member] of members.entries()) {
      const own: string[] = [];
      for (let line = 0; line < 5; line += 1) {
        own.push(await requestedWithdrawal(chain.t, member, Number(amountOf(memberIndex, line))));
      }
      ids.push(own);
    }
    const batches = [0, 1, 2].map((batch) => ids.slice(batch * 20, batch * 20 + 20).flat());
    const batchIds = await Promise.all(batches.map(batchOf));

    const payments: string[] = [];
    for (const batchId of batchIds) {
      const paid = await chain.payBatch(batchId);
      expect(paid.statusCode).toBe(200);
      expect(paid.json().data.lines).toBe(100);
      payments.push(paid.json().data.transactions[0].transactionHash);
    }
    // The last payment has two of its three confirmations: it approves nothing yet.
    await chain.mine(1);
    const early = await reconcile();
    expect(early.approved).toBe(200);
    expect((await withdrawal(batches[2]?.[0] as string)).status).toBe('PENDING');

    await chain.mine(1);
    transactions.opened = 0;
    expect((await reconcile()).approved).toBe(100);
    // Set-based: the range's 100 approvals in one transaction (and the cursor's own), not one each.
    expect(transactions.opened).toBeLessThanOrEqual(3);
    for (const [batch, lines] of batches.entries()) {
      for (const [line, id] of lines.entries()) {
        expect(await withdrawal(id)).toMatchObject({
          status: 'APPROVED',
          transaction_hash: payments[batch],
          // The payment is alone in its block: its logs are the batch's lines in order.
          transaction_log_index: line,
          processed_by: null,
        });
      }
    }
    for (const [memberIndex, member] of members.entries()) {
      const paid = [0, 1, 2, 3, 4].reduce((sum, line) => sum.plus(amountOf(memberIndex, line)), new Decimal(0));
      const balance = await findLedgerBalance(chain.t.database.db, member.id);
      expect(new Decimal(balance?.debitsPosted ?? 'NaN').eq(paid)).toBe(true);
      expect(new Decimal(balance?.debitsPending ?? 'NaN').eq(0)).toBe(true);
      expect(new Decimal(balance?.available ?? 'NaN').eq(new Decimal(100).minus(paid))).toBe(true);
      expect(await approvalMails(member)).toHaveLength(5);
    }
    expect(await findLedgerDiscrepancies(chain.t.database.db)).toEqual([]);
    const audit = await chain.t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'WITHDRAWAL_APPROVED')
      .where('target_id', 'in', ids.flat())
      .execute();
    expect(audit).toHaveLength(300);
    expect(audit.every((row) => row.actor_id === null)).toBe(true);
    expect(audit[0]?.after).toMatchObject({ status: 'APPROVED', decidedBy: reconciliationActor });

    // Read again from the start: every transfer is stored once and nothing is decided twice.
    await chain.t.database.db.deleteFrom('chain_scan_cursors').execute();
    expect(await reconcile()).toMatchObject({ transfersRead: 0, approved: 0 });
    const stored = await chain.t.database.db
      .selectFrom('treasury_transfers')
      .select(['withdrawal_id', 'unmatched_reason'])
      .where('transaction_hash', 'in', payments)
      .execute();
    expect(stored).toHaveLength(300);
    expect(stored.every((row) => row.unmatched_reason === null && row.withdrawal_id !== null)).toBe(true);
    expect(await approvalMails(members[0] as UserRow)).toHaveLength(5);
  }, 600_000);

  it('lists a wrong amount, an unknown address and a second payment as unmatched, and changes nothing', async () => {
    const member = await fundedMember(chain.t.database.db, '100');
    const pendingId = await requestedWithdrawal(chain.t, member, 40);
    const paidId = await requestedWithdrawal(chain.t, member, 25);
    const pending = await withdrawal(pendingId);
    const paid = await withdrawal(paidId);
    const first = await payOnDemoChain(chain.demoChain, 'treasury', paid.wallet_address, '25');
    await chain.mine(confirmations - 1);
    expect((await reconcile()).approved).toBe(1);
    const balanceBefore = await findLedgerBalance(chain.t.database.db, member.id);

    const strayAddress = Wallet.createRandom().address;
    const stray = await payManyOnDemoChain(chain.demoChain, [
      { to: pending.wallet_address, amount: '39.99' },
      { to: strayAddress, amount: '40' },
      { to: paid.wallet_address.toUpperCase().replace('0X', '0x'), amount: '25' },
    ]);
    await chain.mine(confirmations - 1);
    expect(await reconcile()).toMatchObject({ transfersRead: 3, approved: 0, unmatched: 3 });

    const hash = stray.toLowerCase();
    expect(await transferOf(hash, 0)).toMatchObject({ unmatched_reason: 'NO_PENDING_WITHDRAWAL', withdrawal_id: null });
    expect(await transferOf(hash, 1)).toMatchObject({
      unmatched_reason: 'NO_PENDING_WITHDRAWAL',
      to_address: strayAddress.toLowerCase(),
    });
    expect(await transferOf(hash, 2)).toMatchObject({
      unmatched_reason: 'WITHDRAWAL_ALREADY_PAID',
      withdrawal_id: paidId,
    });
    expect(await withdrawal(pendingId)).toMatchObject({ status: 'PENDING', transaction_hash: null });
    expect(await withdrawal(paidId)).toMatchObject({ status: 'APPROVED', transaction_hash: first.toLowerCase() });
    expect(await findLedgerBalance(chain.t.database.db, member.id)).toEqual(balanceBefore);
    expect(await approvalMails(member)).toHaveLength(1);
    const audited = await chain.t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'TREASURY_TRANSFER_UNMATCHED')
      .where('target_id', 'like', `${hash}:%`)
      .execute();
    expect(audited.map((row) => row.target_id).sort()).toEqual([`${hash}:0`, `${hash}:1`, `${hash}:2`]);
    expect(audited.every((row) => row.actor_id === null && row.target_type === 'TREASURY_TRANSFER')).toBe(true);

    const { unmatched } = await chain.t.database.db
      .selectFrom('treasury_transfers')
      .select((eb) => eb.fn.countAll<string>().as('unmatched'))
      .where('unmatched_reason', 'is not', null)
      .executeTakeFirstOrThrow();
    const scrape = (await chain.t.app.inject({ method: 'GET', url: '/api/metrics' })).body;
    expect(scrape).toMatch(new RegExp(`^uplink_treasury_transfers_unmatched_total ${unmatched}$`, 'm'));
  }, 300_000);

  it('never approves before the confirmations: a payment dropped by a reorg approves nothing, its replay approves once confirmed', async () => {
    const member = await fundedMember(chain.t.database.db, '100');
    const id = await requestedWithdrawal(chain.t, member, 30);
    const { wallet_address: wallet } = await withdrawal(id);
    const beforeFork = await chain.provider.send('evm_snapshot', []);
    const dropped = (await payOnDemoChain(chain.demoChain, 'treasury', wallet, '30')).toLowerCase();
    await chain.mine(confirmations - 2);
    await reconcile();
    expect(await withdrawal(id)).toMatchObject({ status: 'PENDING', transaction_hash: null });
    expect(await transferOf(dropped, 0)).toBeUndefined();

    // The block with the payment is replaced by a longer branch without it.
    await chain.provider.send('evm_revert', [beforeFork]);
    await chain.mine(confirmations + 2);
    await reconcile();
    expect(await withdrawal(id)).toMatchObject({ status: 'PENDING', transaction_hash: null });
    expect(await transferOf(dropped, 0)).toBeUndefined();

    const replay = (await payOnDemoChain(chain.demoChain, 'treasury', wallet, '30')).toLowerCase();
    await chain.mine(confirmations - 2);
    await reconcile();
    expect((await withdrawal(id)).status).toBe('PENDING');
    await chain.mine(1);
    expect((await reconcile()).approved).toBe(1);
    expect(await withdrawal(id)).toMatchObject({
      status: 'APPROVED',
      transaction_hash: replay,
      transaction_log_index: 0,
    });
    expect(await findLedgerDiscrepancies(chain.t.database.db)).toEqual([]);
  }, 300_000);

  it('lists a payment that lands after its batch was released and its withdrawal rejected as unmatched WITHDRAWAL_CLOSED, flagged and alerted: the others it pays are approved', async () => {
    const members = await Promise.all([0, 1, 2].map(() => fundedMember(chain.t.database.db, '100')));
    const ids = await Promise.all(members.map((member) => requestedWithdrawal(chain.t, member, 60)));
    const batchId = await batchOf(ids);
    const file = await chain.t.app.inject({
      method: 'GET',
      url: `/api/withdrawals/admin/batches/${batchId}/export?format=safe-json`,
      headers: chain.adminHeaders,
    });
    expect(file.statusCode).toBe(200);
    // The treasurer says the Safe transaction was rejected; the batch is released and one withdrawal rejected.
    const released = await chain.t.app.inject({
      method: 'POST',
      url: `/api/withdrawals/admin/batches/${batchId}/release`,
      headers: chain.adminHeaders,
      payload: { reason: 'Safe transaction rejected by the signers' },
    });
    expect(released.json().data).toMatchObject({ released: true, batch: { status: 'OPEN' } });
    expect(
      (await decide(ids[1] as string, { status: 'REJECTED', reason: 'Wallet on a sanctions list' })).statusCode,
    ).toBe(200);
    // …and then the file is executed after all: it lands after the release.
    const lines = (file.json().transactions as { contractInputsValues: { to: string; value: string } }[]).map(
      (call) => ({ to: call.contractInputsValues.to, amount: formatUnits(call.contractInputsValues.value, 18) }),
    );
    const hash = (await payManyOnDemoChain(chain.demoChain, lines)).toLowerCase();
    await chain.mine(confirmations - 1);
    const unmatchedBefore = Number((await scrapeUnmatched()) ?? 0);
    expect(await reconcile()).toMatchObject({ approved: 2, unmatched: 1 });

    expect((await withdrawal(ids[0] as string)).status).toBe('APPROVED');
    expect((await withdrawal(ids[2] as string)).status).toBe('APPROVED');
    expect(await withdrawal(ids[1] as string)).toMatchObject({ status: 'REJECTED', transaction_hash: null });
    expect(await transferOf(hash, 1)).toMatchObject({ unmatched_reason: 'WITHDRAWAL_CLOSED', withdrawal_id: ids[1] });
    // The money is gone for the rejected one and listed; the ledger gave it back, as the reason says.
    expect((await findLedgerBalance(chain.t.database.db, (members[1] as UserRow).id))?.available).toBe('100.00000000');
    expect((await findLedgerBalance(chain.t.database.db, (members[0] as UserRow).id))?.available).toBe('40.00000000');
    expect(await findLedgerDiscrepancies(chain.t.database.db)).toEqual([]);
    expect(Number(await scrapeUnmatched())).toBe(unmatchedBefore + 1);
    const review = await chain.t.app.inject({
      method: 'GET',
      url: `/api/withdrawals/admin/${ids[1]}`,
      headers: chain.adminHeaders,
    });
    expect(review.json().data.flaggedPayments).toEqual([
      expect.objectContaining({
        transactionHash: hash,
        withdrawalStatus: 'REJECTED',
        recordedBy: 'the treasury reconciliation',
      }),
    ]);
    const audit = await auditOf(chain.t.database.db, batchId, 'PAYOUT_BATCH_RELEASED');
    expect(audit).toMatchObject({
      actor_id: chain.admin.id,
      after: { reason: 'Safe transaction rejected by the signers' },
    });
  }, 300_000);

  it('approves by hand with a multi-send hash, recording the log that pays the withdrawal; that log proves no other', async () => {
    const member = await fundedMember(chain.t.database.db, '100');
    const firstId = await requestedWithdrawal(chain.t, member, 11);
    const secondId = await requestedWithdrawal(chain.t, member, 12);
    const [first, second] = [await withdrawal(firstId), await withdrawal(secondId)];
    const hash = (
      await payManyOnDemoChain(chain.demoChain, [
        { to: first.wallet_address, amount: '11' },
        { to: second.wallet_address, amount: '12' },
      ])
    ).toLowerCase();
    await chain.mine(confirmations - 1);
    expect((await decide(secondId, { status: 'APPROVED', transactionHash: hash })).statusCode).toBe(200);
    expect(await withdrawal(secondId)).toMatchObject({
      status: 'APPROVED',
      transaction_hash: hash,
      transaction_log_index: 1,
    });

    // The same address and amount again: the only log paying it already proves the second withdrawal.
    const againId = await requestedWithdrawalTo(member, second.wallet_address, 12);
    const refused = await decide(againId, { status: 'APPROVED', transactionHash: hash });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('already proves another withdrawal');
    expect((await withdrawal(againId)).status).toBe('PENDING');

    // The reconciliation approves the first from its log and keeps the second's as its proof.
    await reconcile();
    expect(await withdrawal(firstId)).toMatchObject({
      status: 'APPROVED',
      transaction_hash: hash,
      transaction_log_index: 0,
    });
    expect(await transferOf(hash, 1)).toMatchObject({ withdrawal_id: secondId, unmatched_reason: null });
    expect((await withdrawal(againId)).status).toBe('PENDING');
    expect(await approvalMails(member)).toHaveLength(2);
  }, 300_000);

  it('approves by hand a second withdrawal to the same address and amount with the log the first did not take', async () => {
    const member = await fundedMember(chain.t.database.db, '100');
    const firstId = await requestedWithdrawal(chain.t, member, 13);
    const { wallet_address: wallet } = await withdrawal(firstId);
    // One multi-send pays the member's address 13 USDT twice: once for each withdrawal.
    const hash = (
      await payManyOnDemoChain(chain.demoChain, [
        { to: wallet, amount: '13' },
        { to: wallet, amount: '13' },
      ])
    ).toLowerCase();
    await chain.mine(confirmations - 1);
    expect((await decide(firstId, { status: 'APPROVED', transactionHash: hash })).statusCode).toBe(200);
    expect(await withdrawal(firstId)).toMatchObject({ transaction_hash: hash, transaction_log_index: 0 });

    const secondId = await requestedWithdrawalTo(member, wallet, 13);
    expect((await decide(secondId, { status: 'APPROVED', transactionHash: hash })).statusCode).toBe(200);
    expect(await withdrawal(secondId)).toMatchObject({
      status: 'APPROVED',
      transaction_hash: hash,
      transaction_log_index: 1,
    });

    // Both logs prove a withdrawal now: a third one is refused.
    const thirdId = await requestedWithdrawalTo(member, wallet, 13);
    const refused = await decide(thirdId, { status: 'APPROVED', transactionHash: hash });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('already proves another withdrawal');
    expect(await findLedgerDiscrepancies(chain.t.database.db)).toEqual([]);
  }, 300_000);

  it('runs as a background job that approves a batch paid from the demo treasury by itself', async () => {
    const members = await Promise.all([0, 1, 2, 3].map(() => fundedMember(chain.t.database.db, '50')));
    const ids = await Promise.all(members.map((member) => requestedWithdrawal(chain.t, member, 20)));
    // The server's own wiring: its background jobs under a job lock, the reconciliation every 200 ms.
    const server = await buildApp({
      config: { ...chain.t.config, chain: { ...chain.t.config.chain, treasuryScanIntervalMs: 200 } },
      db: chain.t.database.db,
      logger: false,
      jobLock: processJobLock(),
      integrations: { depositChain: chain.t.app.context.integrations.depositChain },
      clock: chain.t.clock,
    });
    try {
      expect((await chain.payBatch(await batchOf(ids))).statusCode).toBe(200);
      await chain.mine(confirmations - 1);
      const approved = async () => (await Promise.all(ids.map(withdrawal))).every((row) => row.status === 'APPROVED');
      while (!(await approved())) await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      await server.close();
    }
    expect(await findLedgerDiscrepancies(chain.t.database.db)).toEqual([]);
  }, 300_000);

  /** A pending withdrawal of the member to a given wallet (a reused address), asked for over the API. */
  async function requestedWithdrawalTo(member: UserRow, walletAddress: string, amount: number): Promise<string> {
    const [otp] = await verifiedWithdrawalCodes(chain.t, member, 1);
    const answer = await chain.t.app.inject({
      method: 'POST',
      url: '/api/withdrawals',
      headers: sessionHeaders(chain.t.app, member),
      payload: { amount, walletAddress, asset: 'USDT', otp },
    });
    expect(answer.statusCode).toBe(200);
    return answer.json().data._id;
  }
});
