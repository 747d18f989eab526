import { setTimeout as sleep } from 'node:timers/promises';
import type { DemoBatchPayment } from '@uplink/contract/payout-batches';
import type { AppContext } from '../../app-context';
import { type DemoTreasuryChain, payManyOnDemoChain } from '../../chain/demo-chain';
import { moneyTransaction } from '../../db/money-transaction';
import { isUuid } from '../../db/uuid';
import { recordAdminAction } from '../audit/audit-log-repository';
import type { RequestingAdministrator } from '../audit/requesting-administrator';
import {
  countClaimedTransfers,
  type DemoPaymentRow,
  findDemoPayments,
  findPartLinesToPay,
  insertDemoPayments,
  recordDemoPaymentHash,
} from './batch-payment-repository';
import { batchNotFound } from './payout-batch-record';
import { paymentUnderWay, readBeforePayment, startBatchPayment } from './start-batch-payment';

type Deps = Pick<AppContext, 'db' | 'clock' | 'config' | 'integrations'>;

/** How long a repeated call waits for the first call's transactions before it says the payment is still being sent. */
const waitForSenderMs = 30_000;
const pollMs = 100;

/**
 * Local mode: the demo treasury pays a batch as a treasury's Safe would, one multi-send
 * transaction per Transaction Builder part (PAYOUT_TRANSFERS_PER_TRANSACTION transfers each), and
 * the treasury reconciliation then approves each withdrawal it pays. Idempotent: the batch's
 * payment starts (`startBatchPayment`: its withdrawals claimed, the four-eyes window counted) and
 * its transactions are written down in one transaction before anything is sent, so however many
 * calls come, at once or later, one sends; every other answers the same transactions once they
 * are sent.
 */
export async function payBatchFromDemoTreasury(
  deps: Deps,
  chain: DemoTreasuryChain,
  administrator: RequestingAdministrator,
  batchId: string,
): Promise<DemoBatchPayment> {
  if (!isUuid(batchId)) throw batchNotFound();
  const before = await readBeforePayment(deps);
  const now = deps.clock.now();
  const perPart = deps.config.withdrawals.transfersPerTransaction;
  const parts = await moneyTransaction(deps.db, async (trx) => {
    const joined = await startBatchPayment(trx, deps, administrator, batchId, 'DEMO_TREASURY', before, now);
    if (joined.demoPayments.length > 0) return null;
    const transfers = await countClaimedTransfers(trx, batchId);
    const toSend = Array.from({ length: Math.ceil(transfers / perPart) }, (_, index) => ({
      part: index + 1,
      lines: Math.min(perPart, transfers - index * perPart),
    }));
    await insertDemoPayments(trx, batchId, toSend, now);
    return toSend;
  });
  if (!parts) return sentPayment(await demoPaymentOnceSent(deps, batchId));

  const sent: DemoPaymentRow[] = [];
  for (const { part } of parts) {
    const lines = await findPartLinesToPay(deps.db, batchId, { from: (part - 1) * perPart + 1, to: part * perPart });
    const hash = await payManyOnDemoChain(
      chain,
      lines.map((line) => ({ to: line.wallet_address, amount: line.amount })),
    );
    const transactionHash = hash.toLowerCase();
    await recordDemoPaymentHash(
      deps.db,
      batchId,
      { part, withdrawalIds: lines.map((line) => line.withdrawal_id) },
      transactionHash,
    );
    sent.push({ part, lines: lines.length, started_at: now, transaction_hash: transactionHash });
  }
  const payment = sentPayment(sent);
  await recordAdminAction(
    deps.db,
    {
      actorId: administrator.id,
      action: 'PAYOUT_BATCH_PAID_FROM_DEMO_TREASURY',
      targetType: 'PAYOUT_BATCH',
      targetId: batchId,
      after: payment,
      ipAddress: administrator.ipAddress,
      requestId: administrator.requestId,
    },
    deps.clock.now(),
  );
  return payment;
}

/** The batch's demo transactions once every one is sent (another call sends them). */
async function demoPaymentOnceSent(deps: Pick<AppContext, 'db'>, batchId: string): Promise<DemoPaymentRow[]> {
  const deadline = Date.now() + waitForSenderMs;
  for (;;) {
    const payments = await findDemoPayments(deps.db, batchId);
    if (payments.every((payment) => payment.transaction_hash)) return payments;
    if (Date.now() > deadline) {
      throw paymentUnderWay('The demo treasury is still sending the payment of this batch: try again in a moment.');
    }
    await sleep(pollMs);
  }
}

function sentPayment(payments: readonly DemoPaymentRow[]): DemoBatchPayment {
  return {
    transactions: payments.map((payment) => ({
      part: payment.part,
      lines: payment.lines,
      transactionHash: payment.transaction_hash ?? '',
    })),
    lines: payments.reduce((sum, payment) => sum + payment.lines, 0),
  };
}
