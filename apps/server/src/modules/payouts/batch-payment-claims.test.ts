import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema';
import { createMember, fundedMember, requestedWithdrawal, sessionHeaders, statusesOf } from '../../testing/builders';
import { batchesPaidByHand, demoChainAppForFile } from '../../testing/demo-chain-app';
import { createBatch, reconcileOnce, seedPendingWithdrawals } from '../../testing/payout-builders';
import { findLedgerBalance, findLedgerDiscrepancies } from '../ledger/ledger-repository';

/**
 * A batch's withdrawals are claimed from the moment money may move (its first export, or the demo
 * treasury's payment) until the chain shows their payment or an administrator releases the batch:
 * nothing returns their holds meanwhile — no deletion, no second batch, no single payment, no
 * rejection or block — and paying is idempotent. On the demo chain served over JSON-RPC, three
 * confirmations, blocks mined by hand: a payment stays unconfirmed until the test mines.
 */
const { confirmations } = batchesPaidByHand;

describe('a payout batch claims its withdrawals from the moment money may move', () => {
  // Four eyes stays out of the way here: four-eyes.test.ts races it.
  const chain = demoChainAppForFile(batchesPaidByHand);

  const reconcile = () => reconcileOnce(chain.t.app);
  const exportBatch = (batchId: string, format = 'safe-csv') =>
    chain.t.app.inject({
      method: 'GET',
      url: `/api/withdrawals/admin/batches/${batchId}/export?format=${format}`,
      headers: chain.adminHeaders,
    });
  const deleteBatch = (batchId: string) =>
    chain.t.app.inject({
      method: 'DELETE',
      url: `/api/withdrawals/admin/batches/${batchId}`,
      headers: chain.adminHeaders,
    });
  const decide = (id: string, body: Record<string, unknown>) =>
    chain.t.app.inject({ method: 'PUT', url: `/api/withdrawals/${id}`, headers: chain.adminHeaders, payload: body });
  const payOne = (id: string) =>
    chain.t.app.inject({ method: 'POST', url: `/api/dev/demo-treasury-pay/${id}`, headers: chain.adminHeaders });
  const withdrawal = (id: string) =>
    chain.t.database.db.selectFrom('withdrawals').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const batchDetail = async (batchId: string) =>
    (
      await chain.t.app.inject({
        method: 'GET',
        url: `/api/withdrawals/admin/batches/${batchId}`,
        headers: chain.adminHeaders,
      })
    ).json().data;
  /** Every treasury transfer on chain to these withdrawals' wallets, confirmed or not. */
  const transfersTo = async (ids: string[]) => {
    const wallets = await Promise.all(ids.map(async (id) => (await withdrawal(id)).wallet_address));
    const depositChain = chain.t.app.context.integrations.depositChain;
    return (await depositChain?.transfersTo(wallets, 0, await chain.provider.getBlockNumber())) ?? [];
  };

  /** `count` pending withdrawals of 20 USDT, each of its own funded member, and a batch of them. */
  async function batchOfPending(count: number): Promise<{ batchId: string; ids: string[]; members: UserRow[] }> {
    const members = await Promise.all(Array.from({ length: count }, () => fundedMember(chain.t.database.db, '100')));
    const ids: string[] = [];
    for (const member of members) ids.push(await requestedWithdrawal(chain.t, member, 20));
    const created = await createBatch(chain.t.app, chain.admin, { withdrawalIds: ids });
    expect(created.statusCode, created.body).toBe(200);
    return { batchId: created.json().data._id, ids, members };
  }

  it('refuses to delete a paid batch (PAYOUT_BATCH_PAYMENT_UNDER_WAY), so its withdrawals cannot be batched and paid again', async () => {
    const { batchId, ids } = await batchOfPending(3);
    expect((await chain.payBatch(batchId)).statusCode).toBe(200);

    const deleted = await deleteBatch(batchId);
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().errorCode).toBe('PAYOUT_BATCH_PAYMENT_UNDER_WAY');
    const again = await createBatch(chain.t.app, chain.admin, { withdrawalIds: ids });
    expect(again.statusCode).toBe(409);
    expect(again.json().errorCode).toBe('WITHDRAWAL_ALREADY_BATCHED');
    expect(await transfersTo(ids)).toHaveLength(3);

    // An exported batch is under way too: its file may be paid any moment.
    const exported = await batchOfPending(2);
    expect((await exportBatch(exported.batchId)).statusCode).toBe(200);
    expect((await deleteBatch(exported.batchId)).json().errorCode).toBe('PAYOUT_BATCH_PAYMENT_UNDER_WAY');
    expect((await batchDetail(exported.batchId)).batch.status).toBe('PAYMENT_UNDER_WAY');
  });

  it('pays a batch once however often and however concurrently it is paid: every answer names the same transaction', async () => {
    const { batchId, ids } = await batchOfPending(4);
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => chain.payBatch(batchId)));
    expect(statusesOf(answers), answers.map((answer) => answer.body).join('\n')).toEqual([200, 200, 200, 200, 200]);
    const payments = answers.map((answer) => answer.json().data);
    expect(payments[0]).toMatchObject({ lines: 4, transactions: [{ part: 1, lines: 4 }] });
    for (const payment of payments) expect(payment).toEqual(payments[0]);
    const repeated = await chain.payBatch(batchId);
    expect(repeated.statusCode).toBe(200);
    expect(repeated.json().data).toEqual(payments[0]);

    const transfers = await transfersTo(ids);
    expect(transfers).toHaveLength(4);
    expect(new Set(transfers.map((transfer) => transfer.txHash))).toEqual(
      new Set([payments[0].transactions[0].transactionHash]),
    );
  });

  it('pays a batch of 301 withdrawals in two transactions, one per Transaction Builder part of 300', async () => {
    const member = await createMember(chain.t.database.db);
    const amounts = Array.from({ length: 301 }, (_, index) => `${1 + (index % 50)}.25`);
    const ids = await seedPendingWithdrawals(chain.t.database.db, member, amounts);
    const created = await createBatch(chain.t.app, chain.admin, { withdrawalIds: ids });
    const batchId = created.json().data._id as string;
    const paid = await chain.payBatch(batchId);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data).toMatchObject({
      lines: 301,
      transactions: [
        { part: 1, lines: 300 },
        { part: 2, lines: 1 },
      ],
    });
    const hashes = paid
      .json()
      .data.transactions.map((transaction: { transactionHash: string }) => transaction.transactionHash);
    const transfers = await transfersTo(ids);
    expect(transfers).toHaveLength(301);
    expect(new Set(transfers.map((transfer) => transfer.txHash))).toEqual(new Set(hashes));
    expect((await batchDetail(batchId)).demoPayment).toEqual([
      { part: 1, lines: 300, transactionHash: hashes[0] },
      { part: 2, lines: 1, transactionHash: hashes[1] },
    ]);
  }, 120_000);

  it('refuses the single demo payment of a withdrawal its batch is paying or has exported', async () => {
    const paid = await batchOfPending(2);
    expect((await chain.payBatch(paid.batchId)).statusCode).toBe(200);
    const exported = await batchOfPending(2);
    expect((await exportBatch(exported.batchId, 'safe-json')).statusCode).toBe(200);
    for (const id of [paid.ids[0], exported.ids[1]] as string[]) {
      const single = await payOne(id);
      expect(single.statusCode).toBe(409);
      expect(single.json().errorCode).toBe('WITHDRAWAL_PAYMENT_IN_PROGRESS');
    }
    expect(await transfersTo(paid.ids)).toHaveLength(2);
    expect(await transfersTo(exported.ids)).toHaveLength(0);
  });

  it('refuses to reject or block a withdrawal of a paid batch before the chain confirms: no payment returns to a balance', async () => {
    const { batchId, ids, members } = await batchOfPending(3);
    const paid = await chain.payBatch(batchId);
    const hash = paid.json().data.transactions[0].transactionHash as string;
    for (const [index, id] of ids.entries()) {
      const status = index === 0 ? 'BLOCKED_COMPLIANCE' : 'REJECTED';
      const refused = await decide(id, { status, reason: 'Changed our mind' });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().errorCode).toBe('WITHDRAWAL_PAYMENT_IN_PROGRESS');
    }

    // The member still sees it pending, with its payment under way.
    const memberView = await chain.t.app.inject({
      method: 'GET',
      url: `/api/withdrawals/${ids[0]}`,
      headers: sessionHeaders(chain.t.app, members[0] as UserRow),
    });
    expect(memberView.json().data).toMatchObject({ status: 'PENDING', paymentUnderWay: true });

    // An approval by hand needs a confirmed log paying the withdrawal: not yet, and never another hash.
    const early = await decide(ids[1] as string, { status: 'APPROVED', transactionHash: hash });
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toContain('confirmations');
    const forged = await decide(ids[1] as string, {
      status: 'APPROVED',
      transactionHash: `0x${randomBytes(32).toString('hex')}`,
    });
    expect(forged.statusCode).toBe(400);
    expect((await withdrawal(ids[1] as string)).payment_claimed_at).not.toBeNull();

    await chain.mine(confirmations - 1);
    expect((await decide(ids[1] as string, { status: 'APPROVED', transactionHash: hash })).statusCode).toBe(200);
    // Every payment of this file's batches is confirmed now: none matches nothing.
    expect((await reconcile()).unmatched).toBe(0);
    for (const [index, member] of members.entries()) {
      expect(await withdrawal(ids[index] as string)).toMatchObject({ status: 'APPROVED', transaction_hash: hash });
      expect((await findLedgerBalance(chain.t.database.db, member.id))?.available).toBe('80.00000000');
    }
    const detail = await batchDetail(batchId);
    expect(detail.batch).toMatchObject({ status: 'PAID', paid: 3 });
    expect(await findLedgerDiscrepancies(chain.t.database.db)).toEqual([]);
  });

  it('refuses a rejection of an exported withdrawal: its file may be paid any moment; only the batch releases it', async () => {
    const { batchId, ids } = await batchOfPending(2);
    expect((await exportBatch(batchId)).statusCode).toBe(200);
    const refused = await decide(ids[0] as string, { status: 'REJECTED', reason: 'Too late' });
    expect(refused.json().errorCode).toBe('WITHDRAWAL_PAYMENT_IN_PROGRESS');
    expect((await withdrawal(ids[0] as string)).status).toBe('PENDING');
    const releasedAlone = await chain.t.app.inject({
      method: 'POST',
      url: `/api/withdrawals/admin/${ids[0]}/release-payment`,
      headers: chain.adminHeaders,
    });
    expect(releasedAlone.statusCode).toBe(409);
    expect(releasedAlone.json().errorCode).toBe('PAYOUT_BATCH_PAYMENT_UNDER_WAY');
    expect((await withdrawal(ids[0] as string)).payment_claim_batch).toBe(batchId);
  });

  it('keeps a withdrawal paid on its own out of any batch, and a batch holding it from starting its payment', async () => {
    const member = await fundedMember(chain.t.database.db, '100');
    const paidAlone = await requestedWithdrawal(chain.t, member, 20);
    expect((await payOne(paidAlone)).statusCode).toBe(200);
    const refused = await createBatch(chain.t.app, chain.admin, { withdrawalIds: [paidAlone] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errorCode).toBe('WITHDRAWAL_PAYMENT_IN_PROGRESS');

    // Batched first, then paid on its own: the batch's first export is refused, naming the payment under way.
    const { batchId, ids } = await batchOfPending(2);
    expect((await payOne(ids[1] as string)).statusCode).toBe(200);
    const exported = await exportBatch(batchId);
    expect(exported.statusCode).toBe(409);
    expect(exported.json().errorCode).toBe('WITHDRAWAL_PAYMENT_IN_PROGRESS');
    expect((await batchDetail(batchId)).batch.status).toBe('OPEN');
  });

  it('answers an administrator paying a batch that does not exist with 404, and refuses a member', async () => {
    expect((await chain.payBatch(randomUUID())).json().errorCode).toBe('PAYOUT_BATCH_NOT_FOUND');
    expect((await chain.payBatch('not-a-batch')).statusCode).toBe(404);
    const member = await createMember(chain.t.database.db);
    const asMember = await chain.t.app.inject({
      method: 'POST',
      url: `/api/dev/demo-treasury/batches/${randomUUID()}/pay`,
      headers: sessionHeaders(chain.t.app, member),
    });
    expect(asMember.statusCode).toBe(403);
  });
});
