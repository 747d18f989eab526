import { describe, expect, it } from 'vitest';
import { rejectAsDemoOwners } from '../../chain/demo-safe-owners';
import { treasurySafeFrom } from '../../chain/treasury-safe';
import { appWithSettings, fundedMember, requestedWithdrawal } from '../../testing/builders';
import { batchesPaidByHand, demoChainAppForFile } from '../../testing/demo-chain-app';
import { createBatch } from '../../testing/payout-builders';

/**
 * Issue 41: a transaction of the treasury Safe's queue the product never recorded — a proposal
 * whose answer was lost, a file an owner imported — pays its withdrawals: nothing starts another
 * payment of them (409 naming it) until the owners reject it; a service that does not answer
 * starts none (503).
 */
describe("a payment waiting in the treasury Safe's queue, unknown to the product", () => {
  const chain = demoChainAppForFile(batchesPaidByHand);
  const inject = (method: 'GET' | 'POST', url: string, app = chain.t.app) =>
    app.inject({ method, url: `/api${url}`, headers: chain.adminHeaders });
  const exportOf = (batchId: string, app = chain.t.app) =>
    inject('GET', `/withdrawals/admin/batches/${batchId}/export?format=safe-json`, app);
  const payAlone = (id: string, app = chain.t.app) => inject('POST', `/dev/demo-treasury-pay/${id}`, app);
  const withdrawal = (id: string) =>
    chain.t.database.db.selectFrom('withdrawals').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const newWithdrawal = async (amount: number) =>
    requestedWithdrawal(chain.t, await fundedMember(chain.t.database.db, '100'), amount);
  const batchOf = async (ids: string[]) => (await createBatch(chain.t.app, chain.admin, { withdrawalIds: ids })).json();

  /** The delegate posts a Safe transaction paying these withdrawals to the service; the product records nothing. */
  async function proposedBehindTheProduct(ids: string[], origin: string) {
    const safe = treasurySafeFrom(chain.t.config);
    if (!safe) throw new Error('The demo chain app has no treasury Safe');
    const rows = await Promise.all(ids.map(withdrawal));
    return safe.propose(
      rows.map((row) => ({ wallet: row.wallet_address, amount: row.amount })),
      origin,
    );
  }

  const seenIn = (safeTxHash: string) => ({
    errorCode: 'WITHDRAWAL_PAYMENT_SEEN',
    message: expect.stringContaining(safeTxHash),
  });

  it('refuses to batch, export, propose or demo-pay what it pays, until the owners reject it', async () => {
    const [alone, batched] = [await newWithdrawal(12), await newWithdrawal(13)];
    const batchId = (await batchOf([batched])).data._id;
    const lost = await proposedBehindTheProduct([alone, batched], 'a proposal whose answer was lost');

    expect(await batchOf([alone])).toMatchObject(seenIn(lost.safeTxHash));
    expect((await payAlone(alone)).json()).toMatchObject(seenIn(lost.safeTxHash));
    expect((await exportOf(batchId)).json()).toMatchObject(seenIn(lost.safeTxHash));
    expect((await chain.payBatch(batchId)).json()).toMatchObject(seenIn(lost.safeTxHash));
    const proposed = await inject('POST', `/withdrawals/admin/batches/${batchId}/propose`);
    expect(proposed.statusCode).toBe(409);
    expect(proposed.json()).toMatchObject(seenIn(lost.safeTxHash));
    expect((await inject('GET', `/withdrawals/admin/batches/${batchId}`)).json().data.batch.status).toBe('OPEN');
    expect((await withdrawal(alone)).payment_claimed_at).toBeNull();

    await rejectAsDemoOwners(chain.demoChain, lost.nonce);
    expect((await payAlone(alone)).statusCode).toBe(200);
    expect((await exportOf(batchId)).statusCode).toBe(200);
  });

  it("answers a batch's own proposal whose answer was lost when it is proposed again, never a second one", async () => {
    const id = await newWithdrawal(14);
    const batchId = (await batchOf([id])).data._id;
    const lost = await proposedBehindTheProduct([id], `Uplink payout batch ${batchId}, part 1 of 1`);
    const proposed = await inject('POST', `/withdrawals/admin/batches/${batchId}/propose`);
    expect(proposed.statusCode, proposed.body).toBe(200);
    expect(proposed.json().data).toMatchObject({ safeTxHash: lost.safeTxHash, nonce: lost.nonce });
    await rejectAsDemoOwners(chain.demoChain, lost.nonce);
  });

  it('starts no payment while the Transaction Service does not answer (503)', async () => {
    const [alone, batched] = [await newWithdrawal(15), await newWithdrawal(16)];
    const batchId = (await batchOf([batched])).data._id;
    const silent = await appWithSettings(chain.t, {
      safe: { ...chain.t.config.safe, txServiceUrl: 'http://127.0.0.1:9/api', callTimeoutMs: 500 },
    });
    try {
      const answers = [
        await createBatch(silent, chain.admin, { withdrawalIds: [alone] }),
        await payAlone(alone, silent),
        await exportOf(batchId, silent),
      ];
      for (const answer of answers) {
        expect(answer.statusCode, answer.body).toBe(503);
        expect(answer.json().message).toMatch(/Safe Transaction Service did not/);
      }
    } finally {
      await silent.close();
    }
    expect((await withdrawal(alone)).payment_claimed_at).toBeNull();
    expect((await inject('GET', `/withdrawals/admin/batches/${batchId}`)).json().data.batch.status).toBe('OPEN');
  });
});
