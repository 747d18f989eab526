import { toWireMoney } from '@uplink/contract/money';
import { adminListPagination } from '@uplink/contract/paging';
import type {
  PayoutBatchDetail,
  PayoutBatches,
  payoutBatchDetailQuerySchema,
  payoutBatchesQuerySchema,
} from '@uplink/contract/payout-batches';
import type { z } from 'zod';
import type { AppContext } from '../../app-context';
import { demoTreasuryAvailable } from '../../config/load-config';
import { pageWindow, readAdminListPage } from '../../db/list-page';
import { isUuid } from '../../db/uuid';
import { findBatchParts, findDemoPayments } from './batch-payment-repository';
import { batchNotFound, toPayoutBatch, toPayoutBatchLine } from './payout-batch-record';
import { countBatches, findBatchLines, findBatchSummaries, findBatchSummary } from './payout-batches-repository';
import { findProposalsOfBatch, safeProposalView } from './safe-proposals-repository';

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

/** One batch, a page of the withdrawals still in it (in the order of its export files), its files' parts, its demo payment and its Safe proposals. */
export async function viewPayoutBatch(
  deps: Deps,
  id: string,
  query: z.output<typeof payoutBatchDetailQuerySchema>,
): Promise<PayoutBatchDetail> {
  const summary = isUuid(id) ? await findBatchSummary(deps.db, id) : undefined;
  if (!summary) throw batchNotFound();
  const [lines, parts, demoPayments, safeProposals] = await Promise.all([
    findBatchLines(deps.db, id, pageWindow(query)),
    findBatchParts(deps.db, id, deps.config.withdrawals.transfersPerTransaction),
    findDemoPayments(deps.db, id),
    findProposalsOfBatch(deps.db, id),
  ]);
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
    safeProposals: safeProposals.map(safeProposalView),
  };
}
