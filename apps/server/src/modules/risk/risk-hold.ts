import type { FieldError } from '@uplink/contract/envelope';
import { errorTexts } from '@uplink/contract/error-codes';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { DomainError } from '../../domain-error';
import { findHeldBatchWithdrawals, findHeldMembers, findHeldWithdrawals } from './risk-events-repository';

/**
 * Money held, not taken: while an open high-severity risk event names a member, their withdrawals
 * are not approved, batched, exported or paid (rejecting and blocking them still works). Medium
 * and low events only mark.
 */

const namedRefusals = 100;

/** Whether an open risk event holds the member: their withdrawals wait for its resolution. @rule RISK_HOLD */
export async function isMemberHeld(db: Kysely<Database>, memberId: string): Promise<boolean> {
  return (await findHeldMembers(db, [memberId])).has(memberId);
}

function underReview(withdrawalIds: readonly string[], fieldOf: (withdrawalId: string) => string): DomainError {
  const errors: FieldError[] = withdrawalIds.slice(0, namedRefusals).map((id) => ({
    field: fieldOf(id),
    message: `Withdrawal ${id} belongs to a member under risk review`,
  }));
  return new DomainError('MEMBER_UNDER_REVIEW', errorTexts.MEMBER_UNDER_REVIEW, { errors });
}

/** Refuses with MEMBER_UNDER_REVIEW when a held member owns any of these withdrawals, naming each (`fieldOf` its place). */
export async function refuseHeldWithdrawals(
  db: Kysely<Database>,
  withdrawalIds: readonly string[],
  fieldOf: (withdrawalId: string) => string = () => 'id',
): Promise<void> {
  const held = await findHeldWithdrawals(db, withdrawalIds);
  if (held.length > 0) throw underReview(held, fieldOf);
}

/**
 * What a batch by filter takes of the withdrawals it matched: those of members not held. The held
 * ones stay pending, out of the batch; when every match is held it is refused, naming them.
 */
export async function withoutHeldWithdrawals(
  db: Kysely<Database>,
  withdrawalIds: readonly string[],
  field: string,
): Promise<string[]> {
  const held = new Set(await findHeldWithdrawals(db, withdrawalIds));
  const free = withdrawalIds.filter((id) => !held.has(id));
  if (free.length === 0 && held.size > 0) throw underReview([...held], () => field);
  return free;
}

/** Refuses a payout batch's export or payment while a held member owns one of its withdrawals still to pay. */
export async function refuseHeldBatch(db: Kysely<Database>, batchId: string): Promise<void> {
  const held = await findHeldBatchWithdrawals(db, batchId);
  if (held.length > 0) throw underReview(held, (id) => `withdrawals.${id}`);
}
