import { filesDownloadedRefusal, type SafeProposal } from '@uplink/contract/payout-batches';
import type { AppContext } from '../../app-context';
import { type TreasurySafe, treasurySafeFrom } from '../../chain/treasury-safe';
import { plainAmount } from '../../csv/csv-writer';
import { moneyTransaction } from '../../db/money-transaction';
import { isUuid } from '../../db/uuid';
import { DomainError } from '../../domain-error';
import { recordAdminAction } from '../audit/audit-log-repository';
import type { RequestingAdministrator } from '../audit/requesting-administrator';
import { chosenPart, countParts, partRange, partStillToPay } from './batch-parts';
import { filesDownloadedInPayment } from './batch-payment-repository';
import { batchNotFound } from './payout-batch-record';
import { lockBatch } from './payout-batches-repository';
import { findProposalsOfPayment, insertProposal, safeProposalView } from './safe-proposals-repository';
import { readBeforePayment, startBatchPayment } from './start-batch-payment';

type Deps = Pick<AppContext, 'db' | 'clock' | 'config' | 'integrations'>;

export const safeNotConfigured = () =>
  new DomainError(
    'SAFE_NOT_CONFIGURED',
    'No treasury Safe to propose to: TREASURY_SAFE_ADDRESS, SAFE_TX_SERVICE_URL and SAFE_PROPOSER_PRIVATE_KEY are needed (and the chain, BSC_RPC_URL). Download the files instead.',
  );

/** The treasury Safe this server proposes to, or SAFE_NOT_CONFIGURED. */
export function treasurySafeOf(config: Deps['config']): TreasurySafe {
  const safe = treasurySafeFrom(config);
  if (!safe) throw safeNotConfigured();
  return safe;
}

/** How the product's proposals of a batch begin their `origin` in the Safe's queue. */
const proposalOriginOf = (batchId: string) => `Uplink payout batch ${batchId},`;

/**
 * Proposes part `part` of a batch to the treasury Safe: one Safe transaction, a MultiSend of the
 * part's USDT transfers (at most PAYOUT_TRANSFERS_PER_TRANSACTION), at the Safe's next nonce,
 * signed by the proposer (a delegate) and posted to the Safe Transaction Service. It starts or
 * joins the batch's payment exactly as a first export does (`startBatchPayment`: the withdrawals
 * claimed, the four-eyes window, a payment seen refused), under the batch's row lock held until
 * the proposal is recorded — so of two proposes of the same part one proposes and the other
 * answers the same safeTxHash; each call to the service meanwhile gives up after
 * SAFE_TX_SERVICE_TIMEOUT_MS (503), so a service that hangs does not hold the lock. Refused for a batch whose files were downloaded in this payment
 * (PAYOUT_BATCH_FILES_EXPORTED), without a configured Safe (SAFE_NOT_CONFIGURED), and when every
 * transfer of the part is seen paid on chain (WITHDRAWAL_PAYMENT_SEEN; others leave those out), or when another transaction of the Safe's queue pays one of its withdrawals (WITHDRAWAL_PAYMENT_SEEN).
 * Audited with the part, its nonce and its safeTxHash.
 */
export async function proposePayoutPart(
  deps: Deps,
  administrator: RequestingAdministrator,
  id: string,
  part: number | undefined,
): Promise<{ proposal: SafeProposal; proposedNow: boolean }> {
  if (!isUuid(id)) throw batchNotFound();
  const before = await readBeforePayment(deps);
  // Its own proposal of this batch whose answer was lost is found in the queue and answered (`propose`), not refused.
  const safeQueue = before.safeQueue.filter((queued) => !queued.origin?.startsWith(proposalOriginOf(id)));
  const now = deps.clock.now();
  const perPart = deps.config.withdrawals.transfersPerTransaction;
  return moneyTransaction(deps.db, async (trx) => {
    if (!(await lockBatch(trx, id))) throw batchNotFound();
    const safe = treasurySafeOf(deps.config);
    if (await filesDownloadedInPayment(trx, id)) {
      throw new DomainError('PAYOUT_BATCH_FILES_EXPORTED', filesDownloadedRefusal);
    }
    await startBatchPayment(trx, deps, administrator, id, 'SAFE_FILES', { ...before, safeQueue }, now);
    const parts = await countParts(trx, id, perPart);
    const chosen = chosenPart(part, parts);
    const standing = (await findProposalsOfPayment(trx, id)).find((proposal) => proposal.part === chosen);
    if (standing) return { proposal: safeProposalView(standing), proposedNow: false };
    const { lines, leftOut, total } = await partStillToPay(trx, id, chosen, perPart);
    const positions = partRange(chosen, perPart);
    const proposed = await safe.propose(
      lines.map((line) => ({ wallet: line.wallet_address, amount: plainAmount(line.amount) })),
      `${proposalOriginOf(id)} part ${chosen} of ${parts}`,
    );
    const row = await insertProposal(trx, {
      safe_tx_hash: proposed.safeTxHash,
      batch_id: id,
      part: chosen,
      safe_address: safe.address.toLowerCase(),
      nonce: proposed.nonce,
      transfers: lines.length,
      first_position: positions.from,
      last_position: positions.to,
      total,
      proposed_by: administrator.id,
      proposed_at: now,
    });
    await recordAdminAction(
      trx,
      {
        actorId: administrator.id,
        action: 'PAYOUT_BATCH_PROPOSED',
        targetType: 'PAYOUT_BATCH',
        targetId: id,
        after: {
          part: chosen,
          parts,
          withdrawals: lines.length,
          total,
          nonce: proposed.nonce,
          safeTxHash: proposed.safeTxHash,
          ...(leftOut.length > 0 ? { leftOut } : {}),
        },
        ipAddress: administrator.ipAddress,
        requestId: administrator.requestId,
      },
      now,
    );
    return { proposal: safeProposalView(row), proposedNow: true };
  });
}
