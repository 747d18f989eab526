import { errorTexts } from '@uplink/contract/error-codes';
import { formatCount } from '@uplink/contract/format';
import { type PayoutExportFormat, payoutExportFileName } from '@uplink/contract/payout-batches';
import { getAddress, parseUnits } from 'ethers';
import type { AppContext } from '../../app-context';
import { isUuid } from '../../db/uuid';
import { DomainError } from '../../domain-error';
import { recordAdminAction } from '../audit/audit-log-repository';
import type { RequestingAdministrator } from '../audit/requesting-administrator';
import { csvStream } from '../statements/csv-stream';
import { type CsvColumn, csvHeader, csvRows, plainAmount } from '../statements/csv-writer';
import { approvalRequired, batchNotFound } from './payout-batch-record';
import {
  findBatchSummary,
  findPayableLines,
  findPayableTotals,
  type PayableLineRow,
} from './payout-batches-repository';

/** USDT's decimals on BSC (and on the demo chain's test token): the Transaction Builder's `value` is in these units. */
const usdtDecimals = 18;
/** The Transaction Builder release whose file format this follows. */
const txBuilderVersion = '1.18.0';
/** Lines read per query while the file is sent: constant memory whatever the batch's size. */
const chunkLines = 2_000;

export interface PayoutExport {
  fileName: string;
  contentType: string;
  body: AsyncGenerator<string>;
}

type Deps = Pick<AppContext, 'db' | 'clock' | 'config'>;

/** A wallet as the chain tools want it: EIP-55 checksummed, whatever case the member typed. */
const receiver = (wallet: string) => getAddress(wallet.toLowerCase());

/**
 * A batch's payment file for Safe{Wallet}: the CSV Airdrop app's file (`safe-csv`) or a
 * Transaction Builder batch (`safe-json`), one USDT transfer per withdrawal still to pay — in the
 * batch, pending and with no payment under way — in the batch's order. A withdrawal already paid
 * (approved), being paid (claimed) or gone (rejected, blocked) is never in the file, so a file
 * downloaded again after part of the batch was paid pays only the rest. Refused while the batch is above PAYOUT_SECOND_APPROVAL_ABOVE without a second
 * administrator's approval. Audited before the first line is read.
 */
export async function exportPayoutBatch(
  deps: Deps,
  administrator: RequestingAdministrator,
  id: string,
  format: PayoutExportFormat,
): Promise<PayoutExport> {
  const batch = isUuid(id) ? await findBatchSummary(deps.db, id) : undefined;
  if (!batch) throw batchNotFound();
  if (approvalRequired(batch.total, deps.config.withdrawals.secondApprovalAbove) && !batch.approved_by) {
    throw new DomainError('PAYOUT_APPROVAL_REQUIRED', errorTexts.PAYOUT_APPROVAL_REQUIRED);
  }
  const payable = await findPayableTotals(deps.db, id);
  const now = deps.clock.now();
  await recordAdminAction(
    deps.db,
    {
      actorId: administrator.id,
      action: 'PAYOUT_BATCH_EXPORTED',
      targetType: 'PAYOUT_BATCH',
      targetId: id,
      after: { format, withdrawals: payable.lines, total: payable.total },
      ipAddress: administrator.ipAddress,
      requestId: administrator.requestId,
    },
    now,
  );
  const readChunk = (last: PayableLineRow | undefined, limit: number) =>
    findPayableLines(deps.db, id, last?.position ?? 0, limit);
  const token = getAddress(deps.config.chain.usdtContractAddress.toLowerCase());
  const fileName = payoutExportFileName(id, format);
  if (format === 'safe-csv') {
    return {
      fileName,
      contentType: 'text/csv; charset=utf-8',
      body: csvStream(
        { header: csvHeader(airdropColumns(token)), readChunk, lines: (rows) => csvRows(airdropColumns(token), rows) },
        chunkLines,
      ),
    };
  }
  return {
    fileName,
    contentType: 'application/json; charset=utf-8',
    body: transactionBuilderFile(deps, id, token, payable, now, readChunk),
  };
}

/** The CSV Airdrop app's columns; `id` is for NFTs and stays blank on ERC-20 lines. */
const airdropColumns = (token: string): CsvColumn<PayableLineRow>[] => [
  { header: 'token_type', kind: 'text', value: () => 'erc20' },
  { header: 'token_address', kind: 'text', value: () => token },
  { header: 'receiver', kind: 'text', value: (row) => receiver(row.wallet_address) },
  { header: 'amount', kind: 'amount', value: (row) => row.amount },
  { header: 'id', kind: 'text', value: () => null },
];

/** One `transfer(to, value)` call of the USDT contract; `value` in base units (amount × 10^18, exact). */
const transferCall = (token: string, row: PayableLineRow) => ({
  to: token,
  value: '0',
  data: null,
  contractMethod: {
    inputs: [
      { internalType: 'address', name: 'to', type: 'address' },
      { internalType: 'uint256', name: 'value', type: 'uint256' },
    ],
    name: 'transfer',
    payable: false,
  },
  contractInputsValues: {
    to: receiver(row.wallet_address),
    value: parseUnits(plainAmount(row.amount), usdtDecimals).toString(),
  },
});

/**
 * The Transaction Builder's JSON, written while it is sent: the head, then the calls a chunk of
 * lines at a time, then the closing brackets. The Safe it is meant for is the first treasury
 * address; no checksum (the builder accepts a file without one).
 */
async function* transactionBuilderFile(
  deps: Deps,
  id: string,
  token: string,
  payable: { lines: number; total: string },
  now: Date,
  readChunk: (last: PayableLineRow | undefined, limit: number) => Promise<PayableLineRow[]>,
): AsyncGenerator<string> {
  const treasury = deps.config.withdrawals.treasuryAddresses[0];
  const head = JSON.stringify({
    version: '1.0',
    chainId: String(deps.config.chain.chainId),
    createdAt: now.getTime(),
    meta: {
      name: `Uplink payout batch ${id.slice(0, 8)}`,
      description: `${formatCount(payable.lines, ['withdrawal', 'withdrawals'])}, ${plainAmount(payable.total)} USDT`,
      txBuilderVersion,
      createdFromSafeAddress: treasury ? receiver(treasury) : '',
      createdFromOwnerAddress: '',
    },
  });
  yield `${head.slice(0, -1)},"transactions":[`;
  let last: PayableLineRow | undefined;
  let first = true;
  for (;;) {
    const rows = await readChunk(last, chunkLines);
    if (rows.length === 0) break;
    yield `${first ? '' : ','}${rows.map((row) => JSON.stringify(transferCall(token, row))).join(',')}`;
    first = false;
    if (rows.length < chunkLines) break;
    last = rows[rows.length - 1];
  }
  yield ']}';
}
