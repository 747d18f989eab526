import { Decimal } from 'decimal.js';
import { type Kysely, sql } from 'kysely';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/schema';
import { DomainError } from '../../domain-error';

const windowMs = 24 * 60 * 60 * 1000;
const windowLockSpace = 73141;

/** A payment that starts: a batch's first export by an administrator, or a single demo payment. */
export interface PaymentInWindow {
  administratorId: string;
  total: string;
  now: Date;
  /** The batch it pays (its own earlier export is not counted twice); null for a single withdrawal. */
  batchId: string | null;
  /** Whether a second approval that still stands covers it (then it counts in no window). */
  approved: boolean;
  /** What the administrator is told to do instead when it does not fit. */
  instead: string;
}

/**
 * Four eyes over a window: without a second approval, an administrator starts at most
 * PAYOUT_SECOND_APPROVAL_ABOVE of payments in any rolling 24 hours — every batch they export
 * (each once, at their first export of it in its payment) and every withdrawal they pay alone from
 * the demo treasury. Run in the payment's transaction: the administrator's payments are serialised
 * (an advisory lock), so two at once cannot both fit.
 * @rule FOUR_EYES_WINDOW
 */
export async function checkFourEyesWindow(
  trx: Kysely<Database>,
  deps: Pick<AppContext, 'config'>,
  payment: PaymentInWindow,
): Promise<void> {
  if (payment.approved) return;
  const limit = deps.config.withdrawals.secondApprovalAbove;
  await sql`SELECT pg_advisory_xact_lock(${windowLockSpace}, hashtext(${payment.administratorId}))`.execute(trx);
  const since = new Date(payment.now.getTime() - windowMs);
  const earlier = await unapprovedPaymentsSince(trx, payment.administratorId, since, payment.batchId);
  const total = new Decimal(payment.total);
  if (new Decimal(earlier).plus(total).lte(limit)) return;
  const message = new Decimal(earlier).isZero()
    ? `This payment (${total.toFixed(2)} USDT) is above the second-approval limit of ${limit} USDT: ${payment.instead}`
    : `With what you paid out in the last 24 hours without a second approval (${new Decimal(earlier).toFixed(2)} USDT), this payment (${total.toFixed(2)} USDT) would take you above the limit of ${limit} USDT: ${payment.instead}`;
  throw new DomainError('PAYOUT_APPROVAL_REQUIRED', message);
}

/**
 * What the administrator paid out without a second approval since `since`: each batch once, at the
 * total of their first export of it (a batch deleted since still counts), other than `exceptBatchId`,
 * and each withdrawal they paid alone from the demo treasury.
 */
async function unapprovedPaymentsSince(
  trx: Kysely<Database>,
  administratorId: string,
  since: Date,
  exceptBatchId: string | null,
): Promise<string> {
  const { rows } = await sql<{ total: string }>`
    SELECT (coalesce((SELECT sum(e.total)
                        FROM payout_batch_exports e LEFT JOIN payout_batches b ON b.id = e.batch_id
                       WHERE e.exported_by = ${administratorId} AND e.exported_at > ${since}
                         AND e.batch_id IS DISTINCT FROM ${exceptBatchId}::uuid AND b.approved_by IS NULL), 0)
          + coalesce((SELECT sum(d.amount)
                        FROM withdrawal_demo_payments d
                       WHERE d.paid_by = ${administratorId} AND d.paid_at > ${since}), 0))::text AS total`.execute(trx);
  return rows[0]?.total ?? '0';
}

/** Records a single demo payment for the window (once per withdrawal: a payment retried keeps the first). */
export async function recordDemoPayment(
  trx: Kysely<Database>,
  payment: { withdrawalId: string; by: string; at: Date; amount: string },
): Promise<void> {
  await trx
    .insertInto('withdrawal_demo_payments')
    .values({ withdrawal_id: payment.withdrawalId, paid_by: payment.by, paid_at: payment.at, amount: payment.amount })
    .onConflict((conflict) => conflict.column('withdrawal_id').doNothing())
    .execute();
}
