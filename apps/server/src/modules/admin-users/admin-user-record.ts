import type { AdminUserListItem } from '@uplink/contract/admin-users';
import { toWireMoney } from '@uplink/contract/money';
import type { RiskMark } from '@uplink/contract/risk';
import { toMemberSummary } from '../../db/member-summary';
import { hasPaidSubscription } from '../subscription/subscription-status';
import type { AdminUserRow, ListedMemberRow } from './admin-users-repository';

/**
 * Onboarding was completed once a subscription was paid and an exchange UID linked (whether the
 * subscription still runs is `hasPaidSubscription`; the web app's `hasMemberAccess` wants both).
 */
export const hasCompletedOnboarding = (row: Pick<AdminUserRow, 'subscription_paid_at' | 'bingx_uid'>) =>
  row.subscription_paid_at !== null && row.bingx_uid !== null;

export const toReferredBy = (row: AdminUserRow) =>
  row.sponsor_id && row.sponsor_user_number
    ? {
        _id: row.sponsor_id,
        firstName: row.sponsor_first_name ?? '',
        lastName: row.sponsor_last_name ?? '',
        userId: row.sponsor_user_number,
      }
    : null;

/** A member as the administrators' list shows them, with their risk mark. */
export function toAdminUserListItem(row: ListedMemberRow, at: Date, risk: RiskMark): AdminUserListItem {
  return {
    ...toMemberSummary(row),
    status: row.status,
    isEmailVerified: row.is_email_verified,
    bingXUID: row.bingx_uid,
    referralCode: row.referral_code,
    referredByCode: row.sponsor_referral_code,
    referredBy: toReferredBy(row),
    subscriptionFee: { paid: hasPaidSubscription(row, at) },
    onboardingCompleted: hasCompletedOnboarding(row),
    totalRewards: toWireMoney(row.credits_posted),
    totalWithdrawals: toWireMoney(row.debits_posted),
    balance: toWireMoney(row.available),
    createdAt: row.created_at.toISOString(),
    lastLogin: row.last_login_at?.toISOString() ?? null,
    isAdmin: row.is_admin,
    walletAddress: row.deposit_address,
    risk,
  };
}
