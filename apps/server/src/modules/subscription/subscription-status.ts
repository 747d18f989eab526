import type { SubscriptionFee } from '@uplink/contract/accounts';
import { toWireMoney, wireMoneyDecimals } from '@uplink/contract/money';
import { Decimal } from 'decimal.js';
import type { Kysely } from 'kysely';
import type { SubscriptionConfig } from '../../config/subscription-config';
import type { Database, UserRow } from '../../db/schema';
import { unusedTransferTotal } from './subscription-repository';

/**
 * Paid: a payment whose period has not ended (what the profile, onboarding and statistics call paid).
 * @rule SUBSCRIPTION_PAID
 */
export function hasPaidSubscription(
  member: Pick<UserRow, 'subscription_paid_at' | 'subscription_period_ends_at'>,
  now: Date,
): boolean {
  const periodEnds = member.subscription_period_ends_at;
  return member.subscription_paid_at !== null && (periodEnds === null || periodEnds > now);
}

/** What the subscription fee view reads of a member's row. */
export type SubscriptionColumns = Pick<
  UserRow,
  'subscription_paid_at' | 'subscription_period_ends_at' | 'subscription_amount' | 'subscription_tx_hash'
>;

/**
 * The subscription as the member sees it: `subscriptionFee` of the profile and of the refresh.
 *
 * "Paid" means the period has not ended (compared with the clock, so expiry needs no job).
 * `received` is what has arrived toward the period not yet paid (the member's unused transfers:
 * the current period while unpaid, the next one, an early renewal, while paid) and `due` what is
 * still missing of the fee now: nothing while a period runs. A partial payment is thus visible
 * before it adds up to the fee.
 * @rule SUBSCRIPTION_FEE
 */
export function subscriptionFee(
  member: SubscriptionColumns,
  unusedTransferTotal: string,
  subscription: Pick<SubscriptionConfig, 'fee'>,
  now: Date,
): SubscriptionFee {
  const periodEnds = member.subscription_period_ends_at;
  const paid = hasPaidSubscription(member, now);
  return {
    paid,
    timestamp: member.subscription_paid_at?.toISOString() ?? null,
    amount: member.subscription_amount === null ? null : toWireMoney(member.subscription_amount),
    transactionHash: member.subscription_tx_hash,
    periodEndsAt: periodEnds?.toISOString() ?? null,
    ...receivedAndDue(unusedTransferTotal, subscription.fee, paid),
  };
}

/**
 * What arrived toward the next period and what is still missing of the fee. Nothing arrived is
 * the usual case (every profile call computes this): then the figures are the fee's own, read
 * without decimal arithmetic (the fee is a configured amount of at most 8 decimals, so
 * `toWireMoney` reads it as it is).
 */
function receivedAndDue(unusedTransferTotal: string, fee: string, paid: boolean): { received: number; due: number } {
  if (unusedTransferTotal === '0') return { received: 0, due: paid ? 0 : toWireMoney(fee) };
  // Rounded down, so the screen never shows more than arrived; `due` is the exact rest of the fee.
  const received = new Decimal(unusedTransferTotal).toDecimalPlaces(wireMoneyDecimals, Decimal.ROUND_DOWN);
  const due = paid ? new Decimal(0) : Decimal.max(new Decimal(fee).minus(received), 0);
  return { received: toWireMoney(received), due: toWireMoney(due) };
}

/** `subscriptionFee` of a member whose unused transfers are still to be summed. */
export async function subscriptionStatus(
  db: Kysely<Database>,
  member: SubscriptionColumns & Pick<UserRow, 'id' | 'created_at'>,
  subscription: Pick<SubscriptionConfig, 'fee'>,
  now: Date,
): Promise<SubscriptionFee> {
  return subscriptionFee(member, await unusedTransferTotal(db, member.id, member.created_at), subscription, now);
}
