import type { MemberProfile } from '@uplink/contract/accounts';
import { rolePermissions } from '@uplink/contract/admin-roles';
import type { SubscriptionConfig } from '../../config/subscription-config';
import { callerView, credentialColumns } from '../../http/caller-view';
import { holdsSponsoringCode } from '../referrals/sponsor-by-code';
import { unusedTransferTotalQuery } from '../subscription/subscription-repository';
import { subscriptionFee } from '../subscription/subscription-status';

/** The caller as `GET /users/profile` shows them, read in the session check's own statement. */
export const memberProfileCaller = callerView('member-profile', (db) =>
  db.selectFrom('users').select([
    ...credentialColumns,
    'user_id',
    'first_name',
    'last_name',
    'email',
    'is_email_verified',
    // Only a code someone can register with is offered to share.
    (eb) => eb.case().when(holdsSponsoringCode(db, eb)).then(eb.ref('users.referral_code')).end().as('referral_code'),
    'bingx_uid',
    'deposit_address',
    'last_login_at',
    'created_at',
    'subscription_paid_at',
    'subscription_period_ends_at',
    'subscription_amount',
    'subscription_tx_hash',
    (eb) => unusedTransferTotalQuery(db, eb.ref('users.id'), eb.ref('users.created_at')).as('unused_transfer_total'),
  ]),
);

type MemberProfileRow = ReturnType<typeof memberProfileCaller.of>;

/** The member view of a users row (`GET /users/profile`). */
export function memberProfile(
  member: MemberProfileRow,
  subscription: Pick<SubscriptionConfig, 'fee'>,
  now: Date,
): MemberProfile {
  return {
    _id: member.id,
    userId: member.user_id,
    firstName: member.first_name,
    lastName: member.last_name,
    email: member.email,
    isEmailVerified: member.is_email_verified,
    isAdmin: member.is_admin,
    ...(member.admin_role
      ? { adminRole: member.admin_role, permissions: [...rolePermissions[member.admin_role]] }
      : {}),
    referralCode: member.referral_code,
    bingXUID: member.bingx_uid,
    status: member.status,
    subscriptionFee: subscriptionFee(member, member.unused_transfer_total ?? '0', subscription, now),
    walletAddress: member.deposit_address ?? '',
    lastLogin: member.last_login_at?.toISOString() ?? null,
    createdAt: member.created_at.toISOString(),
  };
}
