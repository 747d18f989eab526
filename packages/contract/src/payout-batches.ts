import { z } from 'zod';
import { namedMemberSchema } from './member-summary';
import { wireMoneySchema } from './money';
import { oneOfSchema } from './one-of';
import { adminListPaginationSchema, pageLimitSchema, pageNumberSchema, searchSchema } from './paging';
import { safeText } from './safe-text';
import { withdrawalStatuses } from './withdrawals';

/**
 * Payout batches (issue 24): pending withdrawals gathered to be paid in one multi-send, exported
 * for Safe{Wallet}, approved by a second administrator above `PAYOUT_SECOND_APPROVAL_ABOVE`, and
 * reconciled from the treasury's outgoing transfers on chain.
 */

/**
 * OPEN: nothing paid yet, no payment started; PAYMENT_UNDER_WAY: its files were exported or the
 * demo treasury paid it, so money may be moving and its withdrawals are claimed until the chain
 * shows their payment or the batch is released; PARTLY_PAID: some withdrawals approved, the rest
 * released; PAID: every withdrawal still in it approved.
 */
export const payoutBatchStatuses = ['OPEN', 'PAYMENT_UNDER_WAY', 'PARTLY_PAID', 'PAID'] as const;
export type PayoutBatchStatus = (typeof payoutBatchStatuses)[number];

/** The most withdrawals one batch holds; its files come in parts Safe accepts (`transfersPerPart`). */
export const maxBatchWithdrawals = 100_000;

/**
 * Transfers per part of a batch's files. Safe's CSV Airdrop app refuses a file over 501 lines
 * (its header, 499 transfers and a spare line); a Transaction Builder part is one Safe
 * transaction, at most PAYOUT_TRANSFERS_PER_TRANSACTION transfers (the server's setting, 300 by
 * default: see docs/deployment.md for its gas on BSC).
 */
export const csvAirdropTransfersPerPart = 499;

const withdrawalIdSchema = z.uuid({ error: 'A withdrawal id is a UUID' });

/**
 * The admin withdrawals list's filters: the batch takes every pending withdrawal they match that is in
 * no open batch, but those of members under risk review (held, they stay pending).
 */
export const payoutBatchFilterSchema = z
  .object({
    search: searchSchema,
    status: z.literal('PENDING', { error: 'Only pending withdrawals can be batched' }).optional(),
  })
  .strict();

/** `POST /withdrawals/admin/batches`: a selection (`withdrawalIds`) or everything a filter matches (`filter`), not both. */
export const createPayoutBatchSchema = z
  .object({
    withdrawalIds: z
      .array(withdrawalIdSchema)
      .min(1, 'A batch needs at least one withdrawal')
      .max(maxBatchWithdrawals, `A batch holds at most ${maxBatchWithdrawals.toLocaleString('en-US')} withdrawals`)
      .optional(),
    filter: payoutBatchFilterSchema.optional(),
  })
  .strict()
  .superRefine((request, context) => {
    if ((request.withdrawalIds === undefined) === (request.filter === undefined)) {
      context.addIssue({ code: 'custom', path: ['withdrawalIds'], message: 'Send either withdrawalIds or filter' });
    }
  });
export type CreatePayoutBatchRequest = z.input<typeof createPayoutBatchSchema>;

const administratorSchema = z.object({ _id: z.string(), name: z.string(), email: z.string() });

export const payoutBatchSchema = z.object({
  _id: z.string(),
  status: z.enum(payoutBatchStatuses),
  /** Withdrawals in the batch now (a rejected or blocked one has left it). */
  count: z.number().int(),
  /** How many of them are approved (paid). */
  paid: z.number().int(),
  total: wireMoneySchema,
  paidAmount: wireMoneySchema,
  createdAt: z.string(),
  createdBy: administratorSchema,
  /** A second administrator's approval: required when the total exceeds `PAYOUT_SECOND_APPROVAL_ABOVE`. */
  approval: z.object({
    required: z.boolean(),
    approvedBy: administratorSchema.nullable(),
    approvedAt: z.string().nullable(),
  }),
  /** Its files can be downloaded: no approval is required or it was given. */
  exportable: z.boolean(),
  /**
   * The payment under way: since when, started by whom (the first export or the demo treasury's
   * payment), and what it claimed. Null while the batch is OPEN or once it is released.
   */
  payment: z
    .object({
      startedAt: z.string(),
      startedBy: administratorSchema,
      count: z.number().int(),
      total: wireMoneySchema,
    })
    .nullable(),
});
export type PayoutBatch = z.infer<typeof payoutBatchSchema>;

/** `GET /withdrawals/admin/batches`. */
export const payoutBatchesQuerySchema = z.object({ page: pageNumberSchema, limit: pageLimitSchema(20) });
export type PayoutBatchesQuery = Partial<z.output<typeof payoutBatchesQuerySchema>>;

export const payoutBatchesSchema = z.object({
  batches: z.array(payoutBatchSchema),
  pagination: adminListPaginationSchema,
});
export type PayoutBatches = z.infer<typeof payoutBatchesSchema>;

/** One line of a batch, in the order of its export files. */
export const payoutBatchLineSchema = z.object({
  /** 1-based line of the export files (the Safe CSV's row, the Transaction Builder's call). */
  line: z.number().int(),
  withdrawalId: z.string(),
  user: namedMemberSchema,
  amount: wireMoneySchema,
  walletAddress: z.string(),
  status: z.enum(withdrawalStatuses),
  transactionHash: z.string().nullable(),
  logIndex: z.number().int().nullable(),
});
export type PayoutBatchLine = z.infer<typeof payoutBatchLineSchema>;

/** `GET /withdrawals/admin/batches/{id}/export?format=`: Safe{Wallet} CSV Airdrop or Transaction Builder JSON. */
export const payoutExportFormats = ['safe-csv', 'safe-json'] as const;
export type PayoutExportFormat = (typeof payoutExportFormats)[number];

/**
 * `?format=safe-csv|safe-json&part=N`: part N (1-based) of the batch's files in that format. A
 * missing part names part 1 of a one-part batch; a part past the end is PAYOUT_BATCH_PART_NOT_FOUND.
 */
const partQuerySchema = z.coerce
  .number({ error: 'The part is a whole number from 1' })
  .int('The part is a whole number from 1')
  .min(1, 'The part is a whole number from 1')
  .optional();

export const payoutExportQuerySchema = z.object({
  format: oneOfSchema('Format', payoutExportFormats),
  part: partQuerySchema,
});

/**
 * One part of a batch's files in one format: which transfers it carries (`count`, `total`) and
 * how many of them are paid. Parts are fixed when the payment starts (the first export), so a part
 * downloaded again carries the same transfers, less those already paid.
 */
export const payoutBatchPartSchema = z.object({
  format: z.enum(payoutExportFormats),
  part: z.number().int(),
  count: z.number().int(),
  total: wireMoneySchema,
  paid: z.number().int(),
});
export type PayoutBatchPart = z.infer<typeof payoutBatchPartSchema>;

/** A demo-treasury transaction paying one Transaction Builder part; no hash yet while it is being sent. */
export const demoBatchTransactionSchema = z.object({
  part: z.number().int(),
  lines: z.number().int(),
  transactionHash: z.string().nullable(),
});

/**
 * A part proposed to the treasury Safe: QUEUED in its queue until the Safe executes it (EXECUTED),
 * fails it (FAILED) or uses its nonce for another transaction (REPLACED: its withdrawals released).
 */
export const safeProposalStates = ['QUEUED', 'EXECUTED', 'REPLACED', 'FAILED'] as const;
export type SafeProposalState = (typeof safeProposalStates)[number];

export const safeProposalSchema = z.object({
  part: z.number().int(),
  safeAddress: z.string(),
  safeTxHash: z.string(),
  nonce: z.string(),
  transfers: z.number().int(),
  total: wireMoneySchema,
  state: z.enum(safeProposalStates),
  proposedAt: z.string(),
  /** The chain transaction that executed, failed or replaced it. */
  transactionHash: z.string().nullable(),
  /**
   * While QUEUED, the owners' confirmations the Transaction Service holds and the Safe's threshold
   * (the confirmations its execution needs); null once decided, or when the service did not answer.
   */
  confirmations: z.number().int().nullable(),
  threshold: z.number().int().nullable(),
});
export type SafeProposal = z.infer<typeof safeProposalSchema>;

/** `POST /withdrawals/admin/batches/{id}/propose?part=N`: `part` as for an export. */
export const proposePayoutPartQuerySchema = z.object({ part: partQuerySchema });

/** `GET /withdrawals/admin/batches/{id}`: the batch and a page of its lines. */
export const payoutBatchDetailQuerySchema = z.object({ page: pageNumberSchema, limit: pageLimitSchema(50) });
export type PayoutBatchDetailQuery = Partial<z.output<typeof payoutBatchDetailQuerySchema>>;

export const payoutBatchDetailSchema = z.object({
  batch: payoutBatchSchema,
  lines: z.array(payoutBatchLineSchema),
  pagination: adminListPaginationSchema,
  /** Its files' parts in each format, in order. */
  parts: z.array(payoutBatchPartSchema),
  /** Local mode: the demo chain's treasury can pay the batch (`POST /dev/demo-treasury/batches/{id}/pay`), as on a withdrawal's review. */
  demoTreasury: z.boolean(),
  /** The demo treasury's transactions paying the batch, one per Transaction Builder part (empty: not paid from it). */
  demoPayment: z.array(demoBatchTransactionSchema),
  /** Its parts proposed to the treasury Safe, each with its state as the chain last showed it, newest first within a part. */
  safeProposals: z.array(safeProposalSchema),
  /**
   * The treasury Safe (TREASURY_SAFE_ADDRESS), null without one; `proposing`: this server can
   * propose the batch's parts to it (`POST …/propose`), as its Transaction Service and the
   * proposer's key are set too; otherwise its files are downloaded.
   */
  safe: z.object({ address: z.string(), proposing: z.boolean() }).nullable(),
  /** Its files were downloaded in its payment under way: Safe pays it from them, so it is not proposed (PAYOUT_BATCH_FILES_EXPORTED). */
  filesDownloadedInPayment: z.boolean(),
});
export type PayoutBatchDetail = z.infer<typeof payoutBatchDetailSchema>;

/**
 * The header of a payment file's download that counts the part's transfers left out of it: paid
 * by a treasury transfer already seen on chain (not paid again).
 */
export const transfersLeftOutHeader = 'x-transfers-left-out';

/** `uplink-batch-1a2b3c4d-part-2-of-3-safe.csv` / `….json`: the batch (its id's first 8 characters), the part and the format. */
export function payoutExportFileName(batchId: string, format: PayoutExportFormat, part: number, parts: number): string {
  return `uplink-batch-${batchId.slice(0, 8)}-part-${part}-of-${parts}-safe.${format === 'safe-csv' ? 'csv' : 'json'}`;
}

/** `POST /withdrawals/admin/batches/{id}/release`: why the payment under way is given up (audited). */
export const releasePayoutBatchSchema = z.object({
  reason: safeText('Reason').trim().min(1, 'A reason is required').max(500, 'The reason is at most 500 characters'),
});
export type ReleasePayoutBatchRequest = z.input<typeof releasePayoutBatchSchema>;

/** The batch after a release; `released` false when no payment was under way. */
export const payoutBatchReleaseSchema = z.object({ released: z.boolean(), batch: payoutBatchSchema });
export type PayoutBatchRelease = z.infer<typeof payoutBatchReleaseSchema>;

/** Why a batch proposed to the Safe in its payment under way is not downloaded: the refusal and the batch page's reason. */
export const proposedToSafeRefusal =
  'This batch is proposed to the treasury Safe: it is paid there, never from a downloaded file as well.';

/** Why a batch whose files were downloaded in its payment under way is not proposed to the Safe: the refusal and the batch page's reason. */
export const filesDownloadedRefusal =
  "This batch's files were downloaded in its payment under way: pay them with Safe, or release the batch before proposing it.";

/**
 * Why a batch is not released while a transaction in the treasury Safe's queue pays it, and what
 * the treasurer does instead: the refusal (PAYOUT_BATCH_QUEUED_IN_SAFE) and the batch page's reason.
 */
export const queuedInSafeRefusal = ({ safeTxHash, nonce }: { safeTxHash: string; nonce: string }) =>
  `Safe transaction ${safeTxHash} (nonce ${nonce}) in the treasury Safe's queue pays this batch: reject it in Safe{Wallet} first (a rejection at nonce ${nonce}); the batch is then released by itself.`;

/** What the release dialog states, word for word. */
export const payoutBatchReleaseWarning =
  'Only if the Safe transaction was rejected or replaced. A payment that lands later is listed as unmatched and cannot be undone.';

/** Why a treasury transfer proved no withdrawal; it changed nothing and waits for an administrator. */
export const unmatchedTransferReasons = [
  /** No pending withdrawal to that address for exactly that amount. */
  'NO_PENDING_WITHDRAWAL',
  /** The withdrawal it pays was rejected or blocked before the payment (money sent that the ledger gave back). */
  'WITHDRAWAL_CLOSED',
  /** The withdrawal it pays was already approved with another transfer (a second payment). */
  'WITHDRAWAL_ALREADY_PAID',
] as const;
export type UnmatchedTransferReason = (typeof unmatchedTransferReasons)[number];

export const unmatchedTransferReasonTexts: Record<UnmatchedTransferReason, string> = {
  NO_PENDING_WITHDRAWAL: 'No pending withdrawal to this address for this amount',
  WITHDRAWAL_CLOSED: 'Paid after the withdrawal was rejected or blocked',
  WITHDRAWAL_ALREADY_PAID: 'A second payment of a withdrawal already approved',
};

export const unmatchedTransferSchema = z.object({
  transactionHash: z.string(),
  logIndex: z.number().int(),
  blockNumber: z.number().int(),
  from: z.string(),
  to: z.string(),
  /** USDT as a decimal string, exact (a stray transfer can carry any value the token allows). */
  amount: z.string(),
  reason: z.enum(unmatchedTransferReasons),
  /** The withdrawal the transfer pays, where one is known (closed or already paid). */
  withdrawalId: z.string().nullable(),
  seenAt: z.string(),
});
export type UnmatchedTransfer = z.infer<typeof unmatchedTransferSchema>;

/** `GET /withdrawals/admin/unmatched-transfers`. */
export const unmatchedTransfersQuerySchema = z.object({ page: pageNumberSchema, limit: pageLimitSchema(20) });
export const unmatchedTransfersSchema = z.object({
  transfers: z.array(unmatchedTransferSchema),
  pagination: adminListPaginationSchema,
});
export type UnmatchedTransfers = z.infer<typeof unmatchedTransfersSchema>;

/**
 * `POST /dev/demo-treasury/batches/{id}/pay` (local mode): one multi-send transaction per
 * Transaction Builder part, sent once; a repeated call answers the same transactions.
 */
export const demoBatchPaymentSchema = z.object({
  transactions: z.array(demoBatchTransactionSchema.extend({ transactionHash: z.string() })),
  lines: z.number().int(),
});
export type DemoBatchPayment = z.infer<typeof demoBatchPaymentSchema>;
