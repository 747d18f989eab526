import { describe, expect, it } from 'vitest';
import {
  createAdministrator,
  fundedMember,
  requestedWithdrawal,
  sessionHeaders,
  statusesOf,
} from '../../testing/builders';
import { demoChainAppForFile } from '../../testing/demo-chain-app';
import { batchOf, exportBatch } from '../../testing/payout-builders';
import { findLedgerDiscrepancies } from '../ledger/ledger-repository';

/**
 * Local mode's "Pay from the demo treasury", against the demo chain served over JSON-RPC, with the
 * four-eyes limit at 100 USDT.
 */
describe('the demo treasury pays a withdrawal', () => {
  const chain = demoChainAppForFile({ confirmations: 1, withdrawals: { secondApprovalAbove: '100' } });

  const payFromTreasury = (id: string) =>
    chain.t.app.inject({ method: 'POST', url: `/api/dev/demo-treasury-pay/${id}`, headers: chain.adminHeaders });
  const decide = (id: string, body: Record<string, unknown>) =>
    chain.t.app.inject({ method: 'PUT', url: `/api/withdrawals/${id}`, headers: chain.adminHeaders, payload: body });

  it('pays once however often it is clicked, and nobody can reject the withdrawal it paid', async () => {
    const member = await fundedMember(chain.t.database.db, '100');
    const id = await requestedWithdrawal(chain.t, member, 30);
    const answers = await Promise.all([payFromTreasury(id), payFromTreasury(id), payFromTreasury(id)]);
    expect(statusesOf(answers).sort()).toEqual([200, 409, 409]);
    const paid = answers.find((answer) => answer.statusCode === 200)?.json().data.transactionHash as string;
    for (const refused of answers.filter((answer) => answer.statusCode === 409)) {
      expect(refused.json().errorCode).toBe('WITHDRAWAL_PAYMENT_IN_PROGRESS');
    }
    const { wallet_address: wallet } = await chain.t.database.db
      .selectFrom('withdrawals')
      .select('wallet_address')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const transfers = await chain.t.app.context.integrations.depositChain?.transfersTo(
      [wallet],
      0,
      Number(await chain.provider.send('eth_blockNumber', [])),
    );
    expect(transfers?.map((transfer) => transfer.txHash)).toEqual([paid]);

    expect((await decide(id, { status: 'REJECTED', reason: 'Too late' })).json().errorCode).toBe(
      'WITHDRAWAL_PAYMENT_IN_PROGRESS',
    );
    // The approval proves the payment confirmed: wait until the chain has mined the payment's
    // block (an approval before that is refused as not confirmed yet, which is right, but not
    // what this test is about).
    const seen = async () => {
      const receipt = await chain.provider.getTransactionReceipt(paid);
      return receipt !== null && (await chain.provider.getBlockNumber()) >= receipt.blockNumber;
    };
    while (!(await seen())) await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await decide(id, { status: 'APPROVED', transactionHash: paid })).statusCode).toBe(200);
    expect((await payFromTreasury(id)).json().errorCode).toBe('WITHDRAWAL_ALREADY_PROCESSED');
    expect(await findLedgerDiscrepancies(chain.t.database.db)).toEqual([]);
  });

  it("counts in the administrator's rolling four-eyes window like a batch's export", async () => {
    const finance = await createAdministrator(chain.t.database.db, 'FINANCE');
    const payAs = (id: string) =>
      chain.t.app.inject({
        method: 'POST',
        url: `/api/dev/demo-treasury-pay/${id}`,
        headers: sessionHeaders(chain.t.app, finance),
      });
    const member = await fundedMember(chain.t.database.db, '500');
    const first = await requestedWithdrawal(chain.t, member, 60);
    const second = await requestedWithdrawal(chain.t, member, 50);
    expect((await payAs(first)).statusCode).toBe(200);

    const refused = await payAs(second);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      errorCode: 'PAYOUT_APPROVAL_REQUIRED',
      message: expect.stringContaining('(60.00 USDT)'),
    });
    const unclaimed = await chain.t.database.db
      .selectFrom('withdrawals')
      .select('payment_claimed_at')
      .where('id', '=', second)
      .executeTakeFirstOrThrow();
    expect(unclaimed.payment_claimed_at).toBeNull();

    // The same window holds for the batches they export: 60 paid alone + 50 exported exceeds 100.
    const batchId = await batchOf(chain.t.app, chain.admin, [second]);
    expect((await exportBatch(chain.t.app, finance, batchId)).json().errorCode).toBe('PAYOUT_APPROVAL_REQUIRED');
    expect((await exportBatch(chain.t.app, chain.admin, batchId)).statusCode).toBe(200);
  });
});
