import { errorTexts } from '@uplink/contract/error-codes';
import { Decimal } from 'decimal.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { DomainError, validationFailed } from '../../domain-error';
import { findSeenPayments, paymentSeen } from '../withdrawals/payment-seen';
import { countClaimedTransfers, findPartLinesToPay, type PartLineRow } from './batch-payment-repository';

/** How many parts of `perPart` transfers the batch's payment under way comes in. */
export async function countParts(trx: Kysely<Database>, batchId: string, perPart: number): Promise<number> {
  return Math.ceil((await countClaimedTransfers(trx, batchId)) / perPart);
}

/** The part asked for: part 1 of a one-part batch when none is named; one past the end is not found. */
export function chosenPart(part: number | undefined, parts: number): number {
  if (part === undefined) {
    if (parts === 1) return 1;
    throw validationFailed([
      { field: 'part', message: `This batch's files come in ${parts} parts: name one (1 to ${parts})` },
    ]);
  }
  if (part > parts) throw new DomainError('PAYOUT_BATCH_PART_NOT_FOUND', errorTexts.PAYOUT_BATCH_PART_NOT_FOUND);
  return part;
}

/** A transfer of a part left out of its payment: the chain or the Safe's queue already pays it. */
export interface LeftOutTransfer {
  withdrawalId: string;
  transactionHash: string;
}

/** The claim positions part `part` holds: transfers `from` to `to` of the payment, 1-based. */
export const partRange = (part: number, perPart: number) => ({ from: (part - 1) * perPart + 1, to: part * perPart });

/**
 * The transfers of part `part` that are still to pay — a downloaded file's or a Safe proposal's —
 * less those whose payment the chain or the Safe's queue already shows (`leftOut`, each with the
 * transaction that pays it), with their exact total. A part with nothing left refuses: WITHDRAWAL_PAYMENT_SEEN
 * when what is left out was seen paid, PAYOUT_BATCH_EMPTY when it was paid.
 */
export async function partStillToPay(
  trx: Kysely<Database>,
  batchId: string,
  part: number,
  perPart: number,
): Promise<{ lines: PartLineRow[]; leftOut: LeftOutTransfer[]; total: string }> {
  const unpaid = await findPartLinesToPay(trx, batchId, partRange(part, perPart));
  const seen = await findSeenPayments(
    trx,
    unpaid.map((line) => line.withdrawal_id),
  );
  const lines = unpaid.filter((line) => !seen.has(line.withdrawal_id));
  if (lines.length === 0 && seen.size > 0) throw paymentSeen(seen);
  if (lines.length === 0) {
    throw new DomainError(
      'PAYOUT_BATCH_EMPTY',
      `Every transfer of part ${part} is paid: nothing is left to pay in it.`,
    );
  }
  const total = lines.reduce((sum, line) => sum.plus(line.amount), new Decimal(0)).toFixed();
  const leftOut = [...seen].map(([withdrawalId, transactionHash]) => ({ withdrawalId, transactionHash }));
  return { lines, leftOut, total };
}
