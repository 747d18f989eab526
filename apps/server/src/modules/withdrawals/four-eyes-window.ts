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
 */
export async function checkFourEyesWindow(
  trx: Kysely<Database>,
  deps: Pick<AppContext, 'config'>,
  payment: PaymentInWindow,
): Promise<void> {
  if (payment.approved) return;
  await sql`SELECT pg_advisory_xact_lock(${windowLockSpace}, hashtext(${payment.administratorId}))`.execute(trx);
  const window = await fourEyesWindow(trx, deps, payment);
  if (window.fits) return;
  const limit = deps.config.withdrawals.secondApprovalAbove;
  const total = new Decimal(payment.total);
  const message = new Decimal(window.earlier).isZero()
    ? `This payment (${total.toFixed(2)} USDT) is above the second-approval limit of ${limit} USDT: ${payment.instead}`
    : `With what you paid out in the last 24 hours without a second approval (${new Decimal(window.earlier).toFixed(2)} USDT), this payment (${total.toFixed(2)} USDT) would take you above the limit of ${limit} USDT: ${payment.instead}`;
  throw new DomainError('PAYOUT_APPROVAL_REQUIRED', message);
}

/**
 * The one home of the four-eyes window, asked by every payment that starts
 * (`checkFourEyesWindow`) and by the release of a batch's payment: whether `payment`, with what
 * its administrator paid out without a second approval in the 24 hours before `now` (`earlier`),
 * stays within PAYOUT_SECOND_APPROVAL_ABOVE — the payment's own approval aside.
 * @rule FOUR_EYES_WINDOW
 */
export async function fourEyesWindow(
  db: Kysely<Database>,
  deps: Pick<AppContext, 'config'>,
  /** `administratorId` null: a payment no one is recorded to have started, which the window sees alone. */
  payment: Pick<PaymentInWindow, 'total' | 'now' | 'batchId'> & { administratorId: string | null },
): Promise<{ fits: boolean; earlier: string }> {
  const since = new Date(payment.now.getTime() - windowMs);
  const earlier = await unapprovedPaymentsSince(db, payment.administratorId, since, payment.batchId);
  const fits = new Decimal(earlier).plus(payment.total).lte(deps.config.withdrawals.secondApprovalAbove);
  return { fits, earlier };
}

/**
 * What the administrator paid out without a second approval since `since`: each batch once, at the
 * total of their first export of it (a batch deleted since still counts), other than `exceptBatchId`,
 * and each withdrawal they paid alone from the demo treasury.
 */
async function unapprovedPaymentsSince(
  trx: Kysely<Database>,
  administratorId: string | null,
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
