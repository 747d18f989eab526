import { JsonRpcProvider } from 'ethers';
import type { AppContext } from '../../app-context';
import { type ExecutedSafeTx, readExecutedSafeTxs } from '../../chain/safe-transaction-service/safe-on-chain';
import { moneyTransaction } from '../../db/money-transaction';
import { recordAdminAction } from '../audit/audit-log-repository';
import { lockLinesToPay, releaseBatchClaims } from './batch-payment-repository';
import { lockBatch } from './payout-batches-repository';
import {
  decideProposal,
  findProposalsOfPayment,
  findQueuedProposals,
  type SafeProposalRow,
} from './safe-proposals-repository';

type Deps = Pick<AppContext, 'db' | 'clock' | 'config'>;

export interface SafeProposalDecisions {
  executed: number;
  failed: number;
  replaced: number;
}

/**
 * What the chain decided of a queued proposal: the Safe executed it (ExecutionSuccess: EXECUTED,
 * ExecutionFailure: FAILED), or executed another transaction at its nonce — a rejection or a
 * replacement, REPLACED once that one has CONFIRMATIONS, for it releases the part's withdrawals.
 */
function decisionOf(
  proposal: SafeProposalRow,
  executed: readonly ExecutedSafeTx[],
  confirmedUpTo: number,
): { state: 'EXECUTED' | 'FAILED' | 'REPLACED'; by: ExecutedSafeTx } | undefined {
  const itself = executed.find((tx) => tx.safeTxHash === proposal.safe_tx_hash);
  if (itself) return { state: itself.isSuccessful ? 'EXECUTED' : 'FAILED', by: itself };
  const replacing = executed.find((tx) => tx.nonce === String(proposal.nonce) && tx.blockNumber <= confirmedUpTo);
  return replacing ? { state: 'REPLACED', by: replacing } : undefined;
}

/**
 * Brings every queued proposal to what the treasury Safe's events on chain say (safe-on-chain.ts).
 * A REPLACED part releases its batch's payment by itself, as a release would — its transfers can
 * no longer be paid by that transaction — once no other part of the batch is still queued
 * (audited "released: Safe nonce N used by 0x…"; until then its withdrawals stay claimed).
 */
export async function refreshSafeProposals(deps: Deps): Promise<SafeProposalDecisions> {
  const decisions = { executed: 0, failed: 0, replaced: 0 };
  const queued = await findQueuedProposals(deps.db);
  const rpcUrl = deps.config.chain.rpcUrl;
  if (queued.length === 0 || !rpcUrl) return decisions;
  const provider = new JsonRpcProvider(rpcUrl, deps.config.chain.chainId, { staticNetwork: true, cacheTimeout: -1 });
  try {
    const confirmedUpTo = (await provider.getBlockNumber()) - deps.config.chain.confirmations + 1;
    const executedBySafe = new Map<string, ExecutedSafeTx[]>();
    for (const proposal of queued) {
      const safe = proposal.safe_address;
      if (!executedBySafe.has(safe)) executedBySafe.set(safe, await readExecutedSafeTxs(provider, safe));
      const decision = decisionOf(proposal, executedBySafe.get(safe) ?? [], confirmedUpTo);
      if (!decision) continue;
      const decided = await moneyTransaction(deps.db, async (trx) => {
        await lockBatch(trx, proposal.batch_id);
        const at = deps.clock.now();
        const changed = await decideProposal(trx, proposal.safe_tx_hash, {
          state: decision.state,
          transactionHash: decision.by.transactionHash,
          at,
        });
        if (!changed || decision.state !== 'REPLACED') return changed;
        const stillQueued = (await findProposalsOfPayment(trx, proposal.batch_id)).some(
          (other) => other.state === 'QUEUED',
        );
        if (stillQueued) return true;
        await lockLinesToPay(trx, proposal.batch_id);
        const released = await releaseBatchClaims(trx, proposal.batch_id);
        await recordAdminAction(
          trx,
          {
            actorId: null,
            action: 'PAYOUT_BATCH_RELEASED',
            targetType: 'PAYOUT_BATCH',
            targetId: proposal.batch_id,
            before: { part: proposal.part, safeTxHash: proposal.safe_tx_hash, nonce: String(proposal.nonce) },
            after: {
              reason: `released: Safe nonce ${proposal.nonce} used by ${decision.by.transactionHash}`,
              withdrawalsReleased: released.released,
              totalReleased: released.total,
            },
            ipAddress: null,
            requestId: null,
          },
          at,
        );
        return true;
      });
      if (decided)
        decisions[decision.state === 'EXECUTED' ? 'executed' : decision.state === 'FAILED' ? 'failed' : 'replaced'] +=
          1;
    }
  } finally {
    provider.destroy();
  }
  return decisions;
}
