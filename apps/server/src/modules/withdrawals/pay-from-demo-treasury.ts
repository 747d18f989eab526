import type { DemoTreasuryPayment } from '@uplink/contract/withdrawals';
import type { AppContext } from '../../app-context';
import { payOnDemoChain } from '../../chain/demo-chain';
import type { RequestingAdministrator } from '../audit/requesting-administrator';
import { checkFourEyesWindow, recordDemoPayment } from './four-eyes-window';
import { paymentSeen } from './payment-seen';
import { findPaidInSafeQueue, readSafeQueuePayments } from './safe-queue-payments';
import { recordSeenTreasuryTransfers } from './seen-treasury-transfers';
import { claimWithdrawalPayment, withdrawalAlreadyProcessed } from './withdrawal-payment-claim';
import { recordClaimedPayment } from './withdrawals-repository';

/**
 * Local mode: the demo chain's treasury pays a pending withdrawal. The withdrawal is claimed
 * first (committed before anything is sent), so two clicks pay once — the second is refused as a
 * payment under way — and no rejection can void it while the transfer is in flight or on chain.
 * The hash is written on the claim once sent; an administrator then approves with it. A
 * withdrawal a treasury transfer on chain already pays (read from the chain first), or a
 * transaction of the treasury Safe's queue (read first too, `readSafeQueuePayments`), is refused
 * (WITHDRAWAL_PAYMENT_SEEN). A payment
 * that fails leaves the claim for an administrator to release after the chain shows nothing.
 * Like every payment it counts in the administrator's four-eyes window: past
 * PAYOUT_SECOND_APPROVAL_ABOVE in 24 hours it is refused (nothing claimed), and the withdrawal goes
 * into a batch another administrator approves.
 */
export async function payFromDemoTreasury(
  deps: Pick<AppContext, 'db' | 'clock' | 'config' | 'integrations'>,
  chain: { rpcUrl: string; chainId: number; tokenAddress: string },
  administrator: RequestingAdministrator,
  withdrawalId: string,
): Promise<DemoTreasuryPayment> {
  const safeQueue = await readSafeQueuePayments(deps);
  await recordSeenTreasuryTransfers(deps, deps.integrations.depositChain);
  const claim = await claimWithdrawalPayment(deps, administrator.id, withdrawalId, null, async (trx, claimed) => {
    const queued = await findPaidInSafeQueue(trx, safeQueue, [claimed.id]);
    if (queued.size > 0) throw paymentSeen(queued);
    const now = deps.clock.now();
    await checkFourEyesWindow(trx, deps, {
      administratorId: administrator.id,
      total: claimed.amount,
      now,
      batchId: null,
      approved: false,
      instead: 'put the withdrawal in a payout batch for another administrator to approve.',
    });
    await recordDemoPayment(trx, { withdrawalId, by: administrator.id, at: now, amount: claimed.amount });
  });
  if ('decided' in claim) throw withdrawalAlreadyProcessed();
  const { claimed } = claim;
  const transactionHash = (
    await payOnDemoChain(chain, 'treasury', claimed.wallet_address, claimed.amount)
  ).toLowerCase();
  if (claimed.payment_claimed_at) {
    await recordClaimedPayment(deps.db, withdrawalId, claimed.payment_claimed_at, transactionHash);
  }
  return { transactionHash };
}
