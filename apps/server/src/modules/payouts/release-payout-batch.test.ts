import { formatUnits } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payManyOnDemoChain } from '../../chain/demo-chain';
import type { UserRow } from '../../db/schema';
import { createAdministrator, fundedMember, requestedWithdrawal, sessionHeaders } from '../../testing/builders';
import { type DemoChainApp, startDemoChainApp } from '../../testing/demo-chain-app';
import { approveBatch, auditOf, createBatch, exportBatch } from '../../testing/payout-builders';
import type { TestApp } from '../../testing/test-app';
import { findLedgerDiscrepancies } from '../ledger/ledger-repository';

/**
 * `POST /withdrawals/admin/batches/{id}/release`: a batch's payment given up on purpose, with a
 * reason, when the Safe transaction was rejected or replaced. On the demo chain served over
 * JSON-RPC (three confirmations, blocks mined by hand), so a transfer can be on chain and not yet
 * confirmed; the four-eyes limit is 100 USDT.
 */
describe('an administrator releases a payout batch', () => {
  let chainApp: DemoChainApp;
  let t: TestApp;
  let creator: UserRow;
  let exporter: UserRow;
  let colleague: UserRow;

  beforeAll(async () => {
    chainApp = await startDemoChainApp({
      confirmations: 3,
      mineByHand: true,
      withdrawals: { maxPending: 5, secondApprovalAbove: '100' },
    });
    ({ t, admin: creator } = chainApp);
    // The second person of a release is a FINANCE administrator like the exporter, neither of them the creator.
    exporter = await createAdministrator(t.database.db, 'FINANCE');
    colleague = await createAdministrator(t.database.db, 'FINANCE');
  }, 300_000);
  afterAll(() => chainApp?.close());

  const release = (batchId: string, caller: UserRow, payload: unknown = { reason: 'Safe transaction rejected' }) =>
    t.app.inject({
      method: 'POST',
      url: `/api/withdrawals/admin/batches/${batchId}/release`,
      headers: sessionHeaders(t.app, caller),
      payload: payload as object,
    });
  const exportOf = (batchId: string, caller = exporter) => exportBatch(t.app, caller, batchId, 'safe-json');
  const approve = (batchId: string, caller: UserRow) => approveBatch(t.app, caller, batchId);
  const withdrawalsOf = (ids: string[]) =>
    t.database.db.selectFrom('withdrawals').selectAll().where('id', 'in', ids).orderBy('requested_at').execute();

  /** A batch of withdrawals of these amounts (each its own member), created by `creator`. */
  async function batchOf(amounts: number[]): Promise<{ batchId: string; ids: string[] }> {
    const ids: string[] = [];
    for (const amount of amounts)
      ids.push(await requestedWithdrawal(t, await fundedMember(t.database.db, '100'), amount));
    const created = await createBatch(t.app, creator, { withdrawalIds: ids });
    expect(created.statusCode, created.body).toBe(200);
    return { batchId: created.json().data._id, ids };
  }

  it('returns an exported batch to OPEN with a reason, audited: its withdrawals can be rejected, and it can be exported anew', async () => {
    const { batchId, ids } = await batchOf([20, 30]);
    for (const payload of [{}, { reason: '   ' }, { reason: 'x'.repeat(501) }]) {
      const refused = await release(batchId, exporter, payload);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errorCode).toBe('VALIDATION_ERROR');
    }
    expect((await release(batchId, exporter)).json().data).toMatchObject({
      released: false,
      batch: { status: 'OPEN' },
    });

    expect((await exportOf(batchId)).statusCode).toBe(200);
    const released = await release(batchId, exporter, { reason: 'Replaced by a transaction with a higher nonce' });
    expect(released.statusCode).toBe(200);
    expect(released.json().data).toMatchObject({ released: true, batch: { status: 'OPEN', payment: null } });
    expect((await withdrawalsOf(ids)).map((row) => row.payment_claimed_at)).toEqual([null, null]);
    const audit = await auditOf(t.database.db, batchId, 'PAYOUT_BATCH_RELEASED');
    expect(audit).toMatchObject({
      actor_id: exporter.id,
      before: { transfers: 2, total: '50.00000000' },
      after: {
        reason: 'Replaced by a transaction with a higher nonce',
        withdrawalsReleased: 2,
        totalReleased: '50.00000000',
      },
    });

    const rejected = await t.app.inject({
      method: 'PUT',
      url: `/api/withdrawals/${ids[0]}`,
      headers: sessionHeaders(t.app, exporter),
      payload: { status: 'REJECTED', reason: 'Wrong network' },
    });
    expect(rejected.statusCode).toBe(200);
    // Exported again: a new payment of what is left, one transfer.
    const again = await exportOf(batchId);
    expect(again.json().transactions).toHaveLength(1);
    expect((await release(batchId, exporter)).json().data.released).toBe(true);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/withdrawals/admin/batches/${batchId}`,
          headers: sessionHeaders(t.app, creator),
        })
      ).statusCode,
    ).toBe(200);
  });

  it('refuses while a transfer paying one of its withdrawals is on chain, confirmed or not', async () => {
    const { batchId, ids } = await batchOf([11, 12]);
    const file = await exportOf(batchId);
    // The treasurer executes the file's first transfer only; it is mined, not yet confirmed.
    const first = (file.json().transactions as { contractInputsValues: { to: string; value: string } }[])[0];
    const hash = await payManyOnDemoChain(chainApp.demoChain, [
      { to: first?.contractInputsValues.to as string, amount: formatUnits(first?.contractInputsValues.value ?? 0, 18) },
    ]);
    const refused = await release(batchId, exporter);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      errorCode: 'PAYOUT_BATCH_PAYMENT_UNDER_WAY',
      message: expect.stringContaining(hash.toLowerCase()),
    });
    await chainApp.mine(5);
    expect((await release(batchId, exporter)).statusCode).toBe(409);
    expect((await withdrawalsOf(ids)).every((row) => row.payment_claim_batch === batchId)).toBe(true);
  });

  it('refuses while the demo treasury is sending a payment of it', async () => {
    const { batchId } = await batchOf([13]);
    expect((await exportOf(batchId)).statusCode).toBe(200);
    // As a demo payment leaves it while its transaction is on the way: written, no hash yet.
    await t.database.db
      .insertInto('payout_batch_demo_payments')
      .values({ batch_id: batchId, part: 1, lines: 1, started_at: t.clock.now() })
      .execute();
    expect((await release(batchId, exporter)).json().errorCode).toBe('PAYOUT_BATCH_PAYMENT_UNDER_WAY');
  });

  it('refuses a batch above the limit to its exporter and its creator: a second person releases it', async () => {
    const { batchId } = await batchOf([60, 50]);
    expect((await approve(batchId, colleague)).statusCode).toBe(200);
    expect((await exportOf(batchId)).statusCode).toBe(200);
    const byExporter = await release(batchId, exporter);
    expect(byExporter.statusCode).toBe(403);
    expect(byExporter.json().errorCode).toBe('PAYOUT_APPROVAL_BY_EXPORTER');
    expect((await release(batchId, creator)).json().errorCode).toBe('PAYOUT_APPROVAL_BY_CREATOR');
    expect((await release(batchId, colleague)).json().data.released).toBe(true);
    expect(await findLedgerDiscrepancies(t.database.db)).toEqual([]);
  });

  it('asks the export’s rolling 24-hour window: a batch under the limit its exporter could not send alone takes a second person to release', async () => {
    const alone = await createAdministrator(t.database.db, 'FINANCE');
    const first = await batchOf([60]);
    const second = await batchOf([50]);
    expect((await exportOf(first.batchId, alone)).statusCode).toBe(200);
    // 60 + 50 in 24 hours is above the limit: the export needs a second approval, and so does the release.
    expect((await exportOf(second.batchId, alone)).json().errorCode).toBe('PAYOUT_APPROVAL_REQUIRED');
    expect((await approve(second.batchId, colleague)).statusCode).toBe(200);
    expect((await exportOf(second.batchId, alone)).statusCode).toBe(200);
    expect((await release(second.batchId, alone)).json().errorCode).toBe('PAYOUT_APPROVAL_BY_EXPORTER');
    expect((await release(second.batchId, colleague)).json().data.released).toBe(true);
    // The first fits the window (the approved second counts in none): its exporter releases it alone.
    expect((await release(first.batchId, alone)).json().data.released).toBe(true);
  });
});
