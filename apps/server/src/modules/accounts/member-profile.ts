import type { MemberProfile } from '@uplink/contract/accounts';
import type { UserRow } from '../../db/schema';

const toNumber = (value: string | null) => (value === null ? null : Number(Number(value).toFixed(8)));

/** The member view of a users row (`GET /users/profile`). */
export function toMemberProfile(user: UserRow, now = new Date()): MemberProfile {
  const periodEnds = user.subscription_period_ends_at;
  return {
    _id: user.id,
    userId: user.user_id,
    firstName: user.first_name,
    lastName: user.last_name,
    email: user.email,
    isEmailVerified: user.is_email_verified,
    isAdmin: user.is_admin,
    referralCode: user.referral_code,
    bingXUID: user.bingx_uid,
    status: user.status,
    subscriptionFee: {
      paid: user.subscription_paid_at !== null && (periodEnds === null || periodEnds > now),
      timestamp: user.subscription_paid_at?.toISOString() ?? null,
      amount: toNumber(user.subscription_amount),
      transactionHash: user.subscription_tx_hash,
      periodEndsAt: periodEnds?.toISOString() ?? null,
    },
    walletAddress: user.deposit_address ?? '',
    lastLogin: user.last_login_at?.toISOString() ?? null,
    createdAt: user.created_at.toISOString(),
  };
}
