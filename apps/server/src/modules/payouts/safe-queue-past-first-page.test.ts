import { describe, expect, it } from 'vitest';
import { treasurySafeFrom } from '../../chain/treasury-safe';
import { fundedMember, requestedWithdrawal } from '../../testing/builders';
import { batchesPaidByHand, demoChainAppForFile } from '../../testing/demo-chain-app';

/**
 * The Transaction Service lists a Safe's queue a hundred transactions a page, newest first: a
 * transaction paying a withdrawal behind a hundred newer ones is on the second page, and still
 * pays it. A file of its own: its hundred queued transactions stay in this chain's Safe.
 */
describe("a payment deep in the treasury Safe's queue", () => {
  const chain = demoChainAppForFile(batchesPaidByHand);

  it('is seen past the first page of the queue: no second payment starts', async () => {
    const safe = treasurySafeFrom(chain.t.config);
    if (!safe) throw new Error('The demo chain app has no treasury Safe');
    const id = await requestedWithdrawal(chain.t, await fundedMember(chain.t.database.db, '100'), 21);
    const withdrawal = await chain.t.database.db
      .selectFrom('withdrawals')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const paying = await safe.propose([{ wallet: withdrawal.wallet_address, amount: withdrawal.amount }], 'imported');
    for (let filler = 1; filler <= 100; filler += 1) {
      const wallet = `0x${filler.toString(16).padStart(40, 'f')}`;
      await safe.propose([{ wallet, amount: `${filler}.01` }], `another payment ${filler}`);
    }
    expect((await safe.queue()).map((queued) => queued.safeTxHash)).toContain(paying.safeTxHash);

    const payAlone = await chain.t.app.inject({
      method: 'POST',
      url: `/api/dev/demo-treasury-pay/${id}`,
      headers: chain.adminHeaders,
    });
    expect(payAlone.statusCode).toBe(409);
    expect(payAlone.json()).toMatchObject({
      errorCode: 'WITHDRAWAL_PAYMENT_SEEN',
      message: expect.stringContaining(paying.safeTxHash),
    });
  }, 300_000);
});
