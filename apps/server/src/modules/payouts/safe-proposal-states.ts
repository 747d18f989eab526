import { safeProposalStates } from '@uplink/contract/payout-batches';
import { JsonRpcProvider } from 'ethers';
import type { AppContext } from '../../app-context';
import { readExecutedSafeTxs } from '../../chain/safe-transaction-service/safe-on-chain';
import { moneyTransaction } from '../../db/money-transaction';
import { recordAdminAction } from '../audit/audit-log-repository';
import { ConfirmedBlockScan, readSplittingRange } from '../subscription/confirmed-block-scan';
import { lockLinesToPay, releaseBatchClaims } from './batch-payment-repository';
import { lockBatch } from './payout-batches-repository';
import {
  decideProposal,
  findExecutionsAtNonces,
  findProposalsOfPayment,
  findQueuedProposals,
  firstBlockOfQueued,
  type SafeExecutionRow,
  type SafeProposalRow,
  storeSafeExecutions,
} from './safe-proposals-repository';

type Deps = Pick<AppContext, 'db' | 'clock' | 'config'>;

export interface SafeProposalDecisions {
  executed: number;
  failed: number;
  replaced: number;
}

/** Each treasury Safe's cursor over its confirmed blocks, per chain. */
export function safeExecutionsCursorName(chainId: number, safeAddress: string): string {
  return `safe-executions:${chainId}:${safeAddress.toLowerCase()}`;
}

/**
 * What the chain decided of a queued proposal, from the Safe's executions at its nonce: the Safe
 * executed it (ExecutionSuccess: EXECUTED, ExecutionFailure: FAILED), or another transaction at its
 * nonce — a rejection or a replacement, REPLACED, for it releases the part's withdrawals.
 */
function decisionOf(
  proposal: SafeProposalRow,
  executions: readonly SafeExecutionRow[],
): { state: 'EXECUTED' | 'FAILED' | 'REPLACED'; by: SafeExecutionRow } | undefined {
  const itself = executions.find((execution) => execution.safe_tx_hash === proposal.safe_tx_hash);
  if (itself) return { state: itself.successful ? 'EXECUTED' : 'FAILED', by: itself };
  const replacing = executions.find((execution) => String(execution.nonce) === String(proposal.nonce));
  return replacing ? { state: 'REPLACED', by: replacing } : undefined;
}

/**
 * Reads the Safe's executions in the confirmed blocks past its cursor (`ConfirmedBlockScan`, as
 * the treasury's and the deposits' scans: reorg-safe, one eth_getLogs per range) into
 * `safe_executions`, so each pass reads only the blocks that are new.
 */
async function readNewExecutions(deps: Deps, provider: JsonRpcProvider, safeAddress: string): Promise<void> {
  const scan = new ConfirmedBlockScan({
    db: deps.db,
    chain: {
      headBlockNumber: () => provider.getBlockNumber(),
      blockHash: async (blockNumber) => (await provider.getBlock(blockNumber))?.hash?.toLowerCase() ?? null,
    },
    confirmations: deps.config.chain.confirmations,
    startBlock: await firstBlockOfQueued(deps.db, safeAddress),
    cursorName: safeExecutionsCursorName(deps.config.chain.chainId, safeAddress),
    subject: 'Safe executions',
  });
  await scan.scanFromCursor(async (fromBlock, toBlock) => {
    const executed = await readSplittingRange(
      (from, to) => readExecutedSafeTxs(provider, safeAddress, { fromBlock: from, toBlock: to }),
      fromBlock,
      toBlock,
    );
    await storeSafeExecutions(deps.db, safeAddress, executed);
  });
}

/**
 * Brings every queued proposal to what the treasury Safe's confirmed executions say (read from
 * each Safe's cursor on, `readNewExecutions`). A part whose nonce was used without paying it
 * (REPLACED, or FAILED in its own execution) releases its batch's payment by itself, as a release
 * would — that transaction can no longer pay its transfers — once no other part of the batch is
 * still queued: at its own decision, or at the decision of the last part that was (audited
 * "released: Safe nonce N used by 0x…"; until then its withdrawals stay claimed, since a release
 * lifts the whole payment). This is the only release of a proposed payment: a manual one is
 * refused while any of its parts is undecided.
 */
export async function refreshSafeProposals(deps: Deps): Promise<SafeProposalDecisions> {
  const decisions = { executed: 0, failed: 0, replaced: 0 };
  const queued = await findQueuedProposals(deps.db);
  const rpcUrl = deps.config.chain.rpcUrl;
  if (queued.length === 0 || !rpcUrl) return decisions;
  const provider = new JsonRpcProvider(rpcUrl, deps.config.chain.chainId, { staticNetwork: true, cacheTimeout: -1 });
  try {
    const safes = [...new Set(queued.map((proposal) => proposal.safe_address))];
    const executionsBySafe = new Map<string, SafeExecutionRow[]>();
    for (const safe of safes) {
      await readNewExecutions(deps, provider, safe);
      const nonces = queued.filter((proposal) => proposal.safe_address === safe).map((one) => String(one.nonce));
      executionsBySafe.set(safe, await findExecutionsAtNonces(deps.db, safe, nonces));
    }
    for (const proposal of queued) {
      const decision = decisionOf(proposal, executionsBySafe.get(proposal.safe_address) ?? []);
      if (!decision) continue;
      const decided = await moneyTransaction(deps.db, async (trx) => {
        await lockBatch(trx, proposal.batch_id);
        const at = deps.clock.now();
        const changed = await decideProposal(trx, proposal.safe_tx_hash, {
          state: decision.state,
          transactionHash: decision.by.transaction_hash,
          at,
        });
        if (!changed) return false;
        const parts = await findProposalsOfPayment(trx, proposal.batch_id, safeProposalStates);
        if (parts.some((part) => part.state === 'QUEUED')) return true;
        // Its nonce used without paying it: by another transaction, or by its own failed execution.
        const unpaying = parts.find((part) => part.state === 'REPLACED' || part.state === 'FAILED');
        if (!unpaying) return true;
        await lockLinesToPay(trx, proposal.batch_id);
        const released = await releaseBatchClaims(trx, proposal.batch_id);
        await recordAdminAction(
          trx,
          {
            actorId: null,
            action: 'PAYOUT_BATCH_RELEASED',
            targetType: 'PAYOUT_BATCH',
            targetId: proposal.batch_id,
            before: { part: unpaying.part, safeTxHash: unpaying.safe_tx_hash, nonce: String(unpaying.nonce) },
            after: {
              reason: `released: Safe nonce ${unpaying.nonce} used by ${unpaying.transaction_hash}`,
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
