import { formatCount } from '@uplink/contract/format';
import { type PayoutExportFormat, payoutExportFileName, proposedToSafeRefusal } from '@uplink/contract/payout-batches';
import { getAddress, parseUnits } from 'ethers';
import type { AppContext } from '../../app-context';
import { type CsvColumn, csvHeader, csvRows, plainAmount } from '../../csv/csv-writer';
import { moneyTransaction } from '../../db/money-transaction';
import { isUuid } from '../../db/uuid';
import { DomainError } from '../../domain-error';
import { recordAdminAction } from '../audit/audit-log-repository';
import type { RequestingAdministrator } from '../audit/requesting-administrator';
import { chosenPart, countParts, type LeftOutTransfer, partStillToPay } from './batch-parts';
import { type PartLineRow, transfersPerPart } from './batch-payment-repository';
import { batchNotFound } from './payout-batch-record';
import { findProposalsOfPayment } from './safe-proposals-repository';
import { type BuilderTransaction, builderBatchFile, txBuilderVersion } from './safe-transaction-builder';
import { readBeforePayment, startBatchPayment } from './start-batch-payment';

/** USDT's decimals on BSC (and on the demo chain's test token): the Transaction Builder's `value` is in these units. */
export const usdtDecimals = 18;

export interface PayoutExport {
  fileName: string;
  contentType: string;
  body: string;
  /** The part's transfers left out of this download: paid by these transactions, seen on chain. */
  leftOut: LeftOutTransfer[];
}

type Deps = Pick<AppContext, 'db' | 'clock' | 'config' | 'integrations'>;

/** A wallet as the chain tools want it: EIP-55 checksummed, whatever case the member typed. */
export const checksummed = (wallet: string) => getAddress(wallet.toLowerCase());

/**
 * Part `part` of a batch's payment file for Safe{Wallet}: the CSV Airdrop app's file
 * (`safe-csv`, at most 499 transfers) or a Transaction Builder batch (`safe-json`, at most
 * PAYOUT_TRANSFERS_PER_TRANSACTION: one Safe transaction). The first export starts the batch's
 * payment (`startBatchPayment`): its withdrawals are claimed and numbered, so every part carries
 * the same transfers each time it is downloaded — less those already paid, and less those whose
 * payment the chain already shows (`paymentSeenOf`: named in `leftOut`; a part with nothing else
 * left is WITHDRAWAL_PAYMENT_SEEN) — and an administrator past their four-eyes window is refused
 * (PAYOUT_APPROVAL_REQUIRED). Audited with the part and what it left out.
 */
export async function exportPayoutBatch(
  deps: Deps,
  administrator: RequestingAdministrator,
  id: string,
  format: PayoutExportFormat,
  part: number | undefined,
): Promise<PayoutExport> {
  if (!isUuid(id)) throw batchNotFound();
  const before = await readBeforePayment(deps);
  const now = deps.clock.now();
  const perPart = transfersPerPart(format, deps.config.withdrawals.transfersPerTransaction);
  const { lines, chosen, parts, total, leftOut } = await moneyTransaction(deps.db, async (trx) => {
    await startBatchPayment(trx, deps, administrator, id, 'SAFE_FILES', before, now);
    if ((await findProposalsOfPayment(trx, id)).length > 0) {
      throw new DomainError('PAYOUT_PART_ALREADY_PROPOSED', proposedToSafeRefusal);
    }
    const parts = await countParts(trx, id, perPart);
    const chosen = chosenPart(part, parts);
    const { lines, leftOut, total } = await partStillToPay(trx, id, chosen, perPart);
    await recordAdminAction(
      trx,
      {
        actorId: administrator.id,
        action: 'PAYOUT_BATCH_EXPORTED',
        targetType: 'PAYOUT_BATCH',
        targetId: id,
        after: {
          format,
          part: chosen,
          parts,
          withdrawals: lines.length,
          total,
          ...(leftOut.length > 0 ? { leftOut } : {}),
        },
        ipAddress: administrator.ipAddress,
        requestId: administrator.requestId,
      },
      now,
    );
    return { lines, chosen, parts, total, leftOut };
  });
  const token = checksummed(deps.config.chain.usdtContractAddress);
  const fileName = payoutExportFileName(id, format, chosen, parts);
  if (format === 'safe-csv') {
    return { fileName, contentType: 'text/csv; charset=utf-8', body: airdropFile(token, lines), leftOut };
  }
  const treasury = deps.config.withdrawals.treasuryAddresses[0];
  const body = builderBatchFile({
    version: '1.0',
    chainId: String(deps.config.chain.chainId),
    createdAt: now.getTime(),
    meta: {
      name: `Uplink payout batch ${id.slice(0, 8)}, part ${chosen} of ${parts}`,
      description: `${formatCount(lines.length, ['withdrawal', 'withdrawals'])}, ${plainAmount(total)} USDT`,
      txBuilderVersion,
      createdFromSafeAddress: treasury ? checksummed(treasury) : '',
      createdFromOwnerAddress: '',
    },
    transactions: lines.map((line) => transferCall(token, line)),
  });
  return { fileName, contentType: 'application/json; charset=utf-8', body, leftOut };
}

/** The CSV Airdrop app's columns; `id` is for NFTs and stays blank on ERC-20 lines. */
const airdropColumns = (token: string): CsvColumn<PartLineRow>[] => [
  { header: 'token_type', kind: 'text', value: () => 'erc20' },
  { header: 'token_address', kind: 'text', value: () => token },
  { header: 'receiver', kind: 'text', value: (row) => checksummed(row.wallet_address) },
  { header: 'amount', kind: 'amount', value: (row) => row.amount },
  { header: 'id', kind: 'text', value: () => null },
];

/**
 * The header and one line per transfer, with no line break after the last: the app parses with
 * papaparse, which reads a trailing line break as one more row of too few fields and reports it as
 * an error. 499 transfers make 500 lines, under the app's 501.
 */
function airdropFile(token: string, lines: readonly PartLineRow[]): string {
  const columns = airdropColumns(token);
  return `${csvHeader(columns)}${csvRows(columns, lines)}`.replace(/\r\n$/, '');
}

/** One `transfer(to, value)` call of the USDT contract; `value` in base units (amount × 10^18, exact). */
const transferCall = (token: string, row: PartLineRow): BuilderTransaction => ({
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
    to: checksummed(row.wallet_address),
    value: parseUnits(plainAmount(row.amount), usdtDecimals).toString(),
  },
});
