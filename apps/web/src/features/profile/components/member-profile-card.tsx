import type { MemberProfile } from '@uplink/contract/accounts';
import { formatDate, formatUsdt, fullName } from '@uplink/contract/format';
import { Avatar } from '../../../components/avatar';
import { Badge, StatusBadge } from '../../../components/badge';
import { CheckCircleIcon, ClockIcon } from '../../../components/icons';
import { identityDetails, ProfileCard, referralCodeDetails } from './profile-card';

/** The read-only account summary of /profile: identity, codes, status and subscription. */
export function MemberProfileCard({ user }: { user: MemberProfile }) {
  return (
    <ProfileCard
      title="Profile Information"
      subtitle="Your account details (read only)"
      summary={<ProfileSummary user={user} />}
      details={[
        ...identityDetails(user),
        ...referralCodeDetails(user.referralCode, 'Referral Code'),
        {
          label: 'BingX UID',
          value: user.bingXUID ? (
            <span className="font-mono">{user.bingXUID}</span>
          ) : (
            <span className="text-slate-500">Not linked</span>
          ),
        },
        { label: 'Account Status', value: <StatusBadge status={user.status} /> },
        { label: 'Member Since', value: formatDate(user.createdAt) },
      ]}
    >
      <SubscriptionBox subscription={user.subscriptionFee} />
    </ProfileCard>
  );
}

function ProfileSummary({ user }: { user: MemberProfile }) {
  return (
    <div className="flex items-center gap-4">
      <Avatar user={user} size="lg" />
      <div className="min-w-0">
        <p className="truncate font-semibold text-lg text-slate-900">{fullName(user)}</p>
        <p className="truncate text-slate-600 text-sm">{user.email}</p>
        <div className="mt-2 flex flex-wrap gap-2">
          <StatusBadge status={user.status} />
          {user.isEmailVerified ? (
            <Badge tone="green">Email verified</Badge>
          ) : (
            <Badge tone="amber">Email not verified</Badge>
          )}
        </div>
      </div>
    </div>
  );
}

function SubscriptionBox({ subscription }: { subscription: MemberProfile['subscriptionFee'] }) {
  if (!subscription.paid) {
    return (
      <div className="mt-4 flex items-start gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4">
        <ClockIcon className="mt-0.5 shrink-0 text-amber-700" />
        <div>
          <p className="font-semibold text-amber-900">Subscription: Pending Payment</p>
          <p className="mt-0.5 text-amber-900/80 text-sm">Complete the payment on the onboarding page to activate.</p>
        </div>
      </div>
    );
  }
  return (
    <div className="mt-4 flex items-start gap-3 rounded-xl border border-emerald-200 bg-emerald-50 p-4">
      <CheckCircleIcon className="mt-0.5 shrink-0 text-emerald-700" />
      <div className="min-w-0">
        <p className="font-semibold text-emerald-900">Subscription: Active</p>
        <p className="mt-0.5 text-emerald-900/80 text-sm">
          {subscription.timestamp ? `Activated ${formatDate(subscription.timestamp)}` : 'Activated'}
          {subscription.periodEndsAt ? ` · valid until ${formatDate(subscription.periodEndsAt)}` : ''}
          {subscription.amount !== null ? ` · ${formatUsdt(subscription.amount)}` : ''}
        </p>
      </div>
    </div>
  );
}
