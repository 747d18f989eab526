import { setTimeout as sleep } from 'node:timers/promises';
import { toWireMoney } from '@uplink/contract/money';
import { adminListPagination } from '@uplink/contract/paging';
import type {
  PayoutBatchDetail,
  PayoutBatches,
  payoutBatchDetailQuerySchema,
  payoutBatchesQuerySchema,
  SafeProposal,
} from '@uplink/contract/payout-batches';
import { getAddress } from 'ethers';
import type { z } from 'zod';
import type { AppContext } from '../../app-context';
import { treasurySafeFrom } from '../../chain/treasury-safe';
import { demoTreasuryAvailable } from '../../config/load-config';
import { pageWindow, readAdminListPage } from '../../db/list-page';
import { isUuid } from '../../db/uuid';
import { ServiceUnavailableError } from '../../domain-error';
import { filesDownloadedInPayment, findBatchParts, findDemoPayments } from './batch-payment-repository';
import { batchNotFound, toPayoutBatch, toPayoutBatchLine } from './payout-batch-record';
import { countBatches, findBatchLines, findBatchSummaries, findBatchSummary } from './payout-batches-repository';
import { findProposalsOfBatch, type SafeProposalRow, safeProposalView } from './safe-proposals-repository';

/**
 * Batches are read from the primary: an administrator who just created, approved or paid one sees
 * it as it is now (a lagging replica would show a batch still unapproved right after the approval).
 */
type Deps = Pick<AppContext, 'db' | 'config'>;

/** A page of payout batches, newest first, each with its counts, sums, status and approval. */
export async function listPayoutBatches(
  deps: Deps,
  query: z.output<typeof payoutBatchesQuerySchema>,
): Promise<PayoutBatches> {
  const { rows, pagination } = await readAdminListPage(
    query,
    (window) => findBatchSummaries(deps.db, window),
    () => countBatches(deps.db),
  );
  return { batches: rows.map((row) => toPayoutBatch(row, deps.config.withdrawals.secondApprovalAbove)), pagination };
}

type QueueCount = Pick<SafeProposal, 'confirmations' | 'threshold'>;

/** How long the batch page waits for the Transaction Service's queue before it shows the proposals without their count. */
const queueReadMs = 3_000;

/**
 * The owners' confirmations of each queued proposal and the Safe's threshold, as the Transaction
 * Service lists its queue now. Empty when none is queued, nothing can be proposed, or the service
 * does not answer within `queueReadMs`: the page then shows the proposals without their count rather than no page.
 */
async function queueCounts(deps: Deps, proposals: readonly SafeProposalRow[]): Promise<Map<string, QueueCount>> {
  const safe = treasurySafeFrom(deps.config);
  if (!safe || !proposals.some((proposal) => proposal.state === 'QUEUED')) return new Map();
  const unanswered = sleep(queueReadMs, 'unanswered' as const, { ref: false });
  try {
    const queue = await Promise.race([safe.queue(), unanswered]);
    if (queue === 'unanswered') return new Map();
    return new Map(queue.map((tx) => [tx.safeTxHash, { confirmations: tx.confirmations, threshold: tx.threshold }]));
  } catch (error) {
    if (error instanceof ServiceUnavailableError) return new Map();
    throw error;
  }
}

/** The treasury Safe as the batch page shows it: where it is, and whether this server proposes to it. */
function treasurySafeOnPage(config: Deps['config']): PayoutBatchDetail['safe'] {
  const address = config.safe.treasurySafeAddress;
  return address ? { address: getAddress(address), proposing: treasurySafeFrom(config) !== undefined } : null;
}

/** One batch, a page of the withdrawals still in it (in the order of its export files), its files' parts, its demo payment, its Safe proposals and whether its files were downloaded in its payment under way. */
export async function viewPayoutBatch(
  deps: Deps,
  id: string,
  query: z.output<typeof payoutBatchDetailQuerySchema>,
): Promise<PayoutBatchDetail> {
  const summary = isUuid(id) ? await findBatchSummary(deps.db, id) : undefined;
  if (!summary) throw batchNotFound();
  const [lines, parts, demoPayments, safeProposals, filesDownloaded] = await Promise.all([
    findBatchLines(deps.db, id, pageWindow(query)),
    findBatchParts(deps.db, id, deps.config.withdrawals.transfersPerTransaction),
    findDemoPayments(deps.db, id),
    findProposalsOfBatch(deps.db, id),
    filesDownloadedInPayment(deps.db, id),
  ]);
  const counts = await queueCounts(deps, safeProposals);
  return {
    batch: toPayoutBatch(summary, deps.config.withdrawals.secondApprovalAbove),
    lines: lines.map(toPayoutBatchLine),
    pagination: adminListPagination(query.page, query.limit, summary.lines, lines.length),
    parts: parts.map((part) => ({ ...part, total: toWireMoney(part.total) })),
    demoTreasury: demoTreasuryAvailable(deps.config),
    demoPayment: demoPayments.map((payment) => ({
      part: payment.part,
      lines: payment.lines,
      transactionHash: payment.transaction_hash,
    })),
    safeProposals: safeProposals.map((row) => ({
      ...safeProposalView(row),
      ...(row.state === 'QUEUED' ? counts.get(row.safe_tx_hash) : undefined),
    })),
    safe: treasurySafeOnPage(deps.config),
    filesDownloadedInPayment: filesDownloaded,
  };
}
