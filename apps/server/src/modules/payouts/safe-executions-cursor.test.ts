import { describe, expect, it } from 'vitest';
import { confirmAndExecuteAsDemoOwners } from '../../chain/demo-safe-owners';
import { fundedMember, requestedWithdrawal } from '../../testing/builders';
import { batchesPaidByHand, demoChainAppForFile } from '../../testing/demo-chain-app';
import { createBatch, reconcileOnce } from '../../testing/payout-builders';
import { safeExecutionsCursorName } from './safe-proposal-states';

/**
 * The reconciliation reads the treasury Safe's executions from its own cursor on, only from
 * confirmed blocks: a second pass reads the new blocks alone, and proposals still come out
 * executed once their execution is confirmed.
 */
describe("the treasury Safe's executions read with a cursor", () => {
  const chain = demoChainAppForFile(batchesPaidByHand);
  const db = () => chain.t.database.db;

  async function proposedAndExecuted(amount: number): Promise<{ safeTxHash: string; transactionHash: string }> {
    const id = await requestedWithdrawal(chain.t, await fundedMember(db(), '100'), amount);
    const batchId = (await createBatch(chain.t.app, chain.admin, { withdrawalIds: [id] })).json().data._id;
    const proposed = await chain.t.app.inject({
      method: 'POST',
      url: `/api/withdrawals/admin/batches/${batchId}/propose`,
      headers: chain.adminHeaders,
    });
    expect(proposed.statusCode, proposed.body).toBe(200);
    const { safeTxHash } = proposed.json().data;
    const { transactionHash } = await confirmAndExecuteAsDemoOwners(chain.demoChain, safeTxHash);
    return { safeTxHash, transactionHash };
  }
  const stateOf = async (safeTxHash: string) =>
    (
      await db()
        .selectFrom('payout_safe_proposals')
        .select(['state', 'transaction_hash'])
        .where('safe_tx_hash', '=', safeTxHash)
        .executeTakeFirstOrThrow()
    ).state;
  const cursor = () =>
    db()
      .selectFrom('chain_scan_cursors')
      .select('last_block')
      .where('name', '=', safeExecutionsCursorName(chain.demoChain.chainId, chain.demoChain.safeAddress))
      .executeTakeFirst();
  const confirmedHead = async () => (await chain.provider.getBlockNumber()) - batchesPaidByHand.confirmations + 1;

  it('decides from confirmed blocks only, and a second pass reads from the cursor on', async () => {
    const first = await proposedAndExecuted(11);
    await reconcileOnce(chain.t.app);
    expect(await stateOf(first.safeTxHash)).toBe('QUEUED');

    await chain.mine(batchesPaidByHand.confirmations);
    await reconcileOnce(chain.t.app);
    expect(await stateOf(first.safeTxHash)).toBe('EXECUTED');
    expect(Number((await cursor())?.last_block)).toBe(await confirmedHead());
    const stored = await db().selectFrom('safe_executions').selectAll().execute();
    expect(stored).toEqual([expect.objectContaining({ safe_tx_hash: first.safeTxHash, successful: true })]);

    // Forgotten here, the first execution comes back only if a pass reads its block again.
    await db().deleteFrom('safe_executions').execute();
    const second = await proposedAndExecuted(12);
    await chain.mine(batchesPaidByHand.confirmations);
    await reconcileOnce(chain.t.app);
    expect(await stateOf(second.safeTxHash)).toBe('EXECUTED');
    const read = await db().selectFrom('safe_executions').select(['safe_tx_hash', 'transaction_hash']).execute();
    expect(read).toEqual([{ safe_tx_hash: second.safeTxHash, transaction_hash: second.transactionHash }]);
    expect(Number((await cursor())?.last_block)).toBe(await confirmedHead());
  });
});
