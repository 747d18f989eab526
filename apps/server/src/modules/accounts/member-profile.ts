import type { MemberProfile } from '@uplink/contract/accounts';
import type { Kysely } from 'kysely';
import type { SubscriptionConfig } from '../../config';
import type { Database, UserRow } from '../../db/schema';
import { subscriptionStatus } from '../subscription/subscription-status';

/** The member view of a users row (`GET /users/profile`). */
export async function memberProfile(
  db: Kysely<Database>,
  user: UserRow,
  subscription: Pick<SubscriptionConfig, 'fee'>,
  now: Date,
): Promise<MemberProfile> {
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
    subscriptionFee: await subscriptionStatus(db, user, subscription, now),
    walletAddress: user.deposit_address ?? '',
    lastLogin: user.last_login_at?.toISOString() ?? null,
    createdAt: user.created_at.toISOString(),
  };
}
