import { formatUnits } from 'ethers';
import { describe, expect, it } from 'vitest';
import { payManyOnDemoChain, payOnDemoChain } from '../../chain/demo-chain';
import { fundedMember, requestedWithdrawal, sessionHeaders } from '../../testing/builders';
import { batchesPaidByHand, demoChainAppForFile } from '../../testing/demo-chain-app';
import { createBatch, reconcileOnce } from '../../testing/payout-builders';
import { findLedgerDiscrepancies } from '../ledger/ledger-repository';

/**
 * Issue 41's three sequences: a withdrawal whose payment the chain already shows — mined, not yet
 * confirmed — is never paid again, whatever an administrator does next. On the demo chain served
 * over JSON-RPC, three confirmations, blocks mined by hand: a transfer stays unconfirmed until the
 * test mines. Every refusal is 409 WITHDRAWAL_PAYMENT_SEEN naming the transaction, and at the end
 * each wallet received exactly one transfer.
 */
const { confirmations } = batchesPaidByHand;

interface FileTransfer {
  contractInputsValues: { to: string; value: string };
}

describe('a payment seen on chain is a payment made', () => {
  const chain = demoChainAppForFile(batchesPaidByHand);

  const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    chain.t.app.inject({ method, url: `/api${url}`, headers: chain.adminHeaders, payload });
  const exportJson = (batchId: string) =>
    inject('GET', `/withdrawals/admin/batches/${batchId}/export?format=safe-json`);
  const release = (batchId: string) =>
    inject('POST', `/withdrawals/admin/batches/${batchId}/release`, { reason: 'Safe transaction rejected' });
  const payOne = (id: string) => inject('POST', `/dev/demo-treasury-pay/${id}`);
  const withdrawal = (id: string) =>
    chain.t.database.db.selectFrom('withdrawals').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  async function pendingWithdrawals(count: number): Promise<string[]> {
    const ids: string[] = [];
    for (let index = 0; index < count; index++) {
      ids.push(await requestedWithdrawal(chain.t, await fundedMember(chain.t.database.db, '100'), 20 + index));
    }
    return ids;
  }
  async function batchOf(ids: string[]): Promise<string> {
    const created = await createBatch(chain.t.app, chain.admin, { withdrawalIds: ids });
    expect(created.statusCode, created.body).toBe(200);
    return created.json().data._id;
  }
  /** The treasury pays the withdrawal on its own, outside Uplink: mined, one confirmation. */
  async function paidDirectly(id: string): Promise<string> {
    const { wallet_address: wallet, amount } = await withdrawal(id);
    return (await payOnDemoChain(chain.demoChain, 'treasury', wallet, amount)).toLowerCase();
  }
  /** A signer executes a downloaded Transaction Builder file: one multi-send, mined, one confirmation. */
  async function executed(file: { transactions: FileTransfer[] }): Promise<string> {
    const lines = file.transactions.map(({ contractInputsValues: { to, value } }) => ({
      to,
      amount: formatUnits(value, 18),
    }));
    return (await payManyOnDemoChain(chain.demoChain, lines)).toLowerCase();
  }
  function expectSeen(answer: { statusCode: number; json(): { errorCode: string; message: string } }, hash: string) {
    expect(answer.statusCode, JSON.stringify(answer.json())).toBe(409);
    expect(answer.json()).toMatchObject({
      errorCode: 'WITHDRAWAL_PAYMENT_SEEN',
      message: expect.stringContaining(hash),
    });
  }
  /** Once confirmed and reconciled, each of these withdrawals is approved, and its wallet got one transfer. */
  async function expectPaidOnce(ids: string[]): Promise<void> {
    await chain.mine(confirmations);
    await reconcileOnce(chain.t.app);
    const head = await chain.provider.getBlockNumber();
    for (const id of ids) {
      const row = await withdrawal(id);
      expect(row.status).toBe('APPROVED');
      const transfers = await chain.t.app.context.integrations.depositChain?.transfersTo([row.wallet_address], 0, head);
      expect(transfers).toHaveLength(1);
    }
    expect(await findLedgerDiscrepancies(chain.t.database.db)).toEqual([]);
  }

  it('1. a transfer mined, not yet confirmed: no batch, no batch demo payment, no single demo payment pays it again', async () => {
    const [alone, batched] = await pendingWithdrawals(2);
    const batchId = await batchOf([batched as string]);
    const paidAlone = await paidDirectly(alone as string);
    const paidBatched = await paidDirectly(batched as string);

    expectSeen(await createBatch(chain.t.app, chain.admin, { withdrawalIds: [alone] }), paidAlone);
    expectSeen(await payOne(alone as string), paidAlone);
    expectSeen(await chain.payBatch(batchId), paidBatched);
    expectSeen(await payOne(batched as string), paidBatched);
    await expectPaidOnce([alone as string, batched as string]);
  });

  it('2. export, release while the Safe transaction is queued, the old file executes: neither a new file nor the demo treasury pays again', async () => {
    const ids = await pendingWithdrawals(2);
    const exportedOnly = await batchOf([ids[0] as string]);
    const paidByDemo = await batchOf([ids[1] as string]);
    const oldFiles = [];
    for (const batchId of [exportedOnly, paidByDemo]) {
      const file = await exportJson(batchId);
      expect(file.statusCode).toBe(200);
      oldFiles.push(file.json());
      expect((await release(batchId)).json().data.released).toBe(true);
    }
    const [exportedHash, demoHash] = [await executed(oldFiles[0]), await executed(oldFiles[1])];

    expectSeen(await exportJson(exportedOnly), exportedHash);
    expectSeen(await chain.payBatch(paidByDemo), demoHash);
    await expectPaidOnce(ids);
  });

  it('3. export, release, delete, batch again, the old file executes: the new batch pays nothing again', async () => {
    const ids = await pendingWithdrawals(2);
    const first = await batchOf(ids);
    const oldFile = (await exportJson(first)).json();
    expect((await release(first)).json().data.released).toBe(true);
    expect((await inject('DELETE', `/withdrawals/admin/batches/${first}`)).statusCode).toBe(200);
    const second = await batchOf(ids);
    const hash = await executed(oldFile);

    expectSeen(await chain.payBatch(second), hash);
    expectSeen(await exportJson(second), hash);
    // Deleted and batched again after the old file executed: refused from the start.
    expect((await inject('DELETE', `/withdrawals/admin/batches/${second}`)).statusCode).toBe(200);
    expectSeen(await createBatch(chain.t.app, chain.admin, { withdrawalIds: ids }), hash);
    await expectPaidOnce(ids);
  });

  it('the reconciliation records a transfer from the block it is mined in: no rejection or block gives its amount back', async () => {
    const [id] = await pendingWithdrawals(1);
    const hash = await paidDirectly(id as string);
    expect((await reconcileOnce(chain.t.app)).approved).toBe(0);
    const seen = await chain.t.database.db.selectFrom('treasury_seen_transfers').selectAll().execute();
    expect(seen.map((row) => row.transaction_hash)).toContain(hash);
    // The member sees the payment sent, with its transaction, from this block on.
    const { user_id: memberId } = await withdrawal(id as string);
    const member = await chain.t.database.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', memberId)
      .executeTakeFirstOrThrow();
    const memberView = await chain.t.app.inject({
      method: 'GET',
      url: `/api/withdrawals/${id}`,
      headers: sessionHeaders(chain.t.app, member),
    });
    expect(memberView.json().data).toMatchObject({ status: 'PENDING', paymentSeenIn: hash });
    for (const status of ['REJECTED', 'BLOCKED_COMPLIANCE']) {
      expectSeen(await inject('PUT', `/withdrawals/${id}`, { status, reason: 'Changed our mind' }), hash);
    }
    await expectPaidOnce([id as string]);
    // Decided once confirmed: no longer seen, it is the reconciliation's now.
    expect(
      await chain.t.database.db.selectFrom('treasury_seen_transfers').where('transaction_hash', '=', hash).execute(),
    ).toEqual([]);
  });

  it('a re-download leaves out the transfers a treasury transfer already pays, and says so', async () => {
    const ids = await pendingWithdrawals(2);
    const batchId = await batchOf(ids);
    const first = await exportJson(batchId);
    expect(first.headers['x-transfers-left-out']).toBe('0');
    const hash = await paidDirectly(ids[0] as string);
    const again = await exportJson(batchId);
    expect(again.statusCode).toBe(200);
    expect(again.headers['x-transfers-left-out']).toBe('1');
    const { wallet_address: stillOwed } = await withdrawal(ids[1] as string);
    expect(again.json().transactions.map((line: FileTransfer) => line.contractInputsValues.to.toLowerCase())).toEqual([
      stillOwed.toLowerCase(),
    ]);
    const secondHash = await executed(again.json());
    const nothingLeft = await exportJson(batchId);
    expect(nothingLeft.json().errorCode).toBe('WITHDRAWAL_PAYMENT_SEEN');
    expect(nothingLeft.json().message).toMatch(new RegExp(`${hash}|${secondHash}`));
    await expectPaidOnce(ids);
  });

  it('a reorg that drops the transfer lifts the claim: the withdrawal can be paid then', async () => {
    const [id] = await pendingWithdrawals(1);
    const beforePayment = await chain.provider.send('evm_snapshot', []);
    const dropped = await paidDirectly(id as string);
    await reconcileOnce(chain.t.app);
    expectSeen(await payOne(id as string), dropped);
    expect(await chain.provider.send('evm_revert', [beforePayment])).toBe(true);
    expect(await chain.provider.getTransactionReceipt(dropped)).toBeNull();

    const paid = await payOne(id as string);
    expect(paid.statusCode, paid.body).toBe(200);
    await expectPaidOnce([id as string]);
  });
});
