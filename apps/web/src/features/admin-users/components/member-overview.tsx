import { type AdminUserDetail, adminUserTexts } from '@uplink/contract/admin-users';
import { formatDate, formatDateTime, formatUsdt, fullName } from '@uplink/contract/format';
import type { ReactNode } from 'react';
import { Badge, StatusBadge } from '../../../components/badge';
import { Card, CardBody, CardHeader } from '../../../components/card';
import { DetailRow } from '../../../components/detail-row';
import { Link } from '../../../lib/router/router';
import { EmailWithVerification } from './email-verification';

function InformationCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader title={title} />
      <CardBody className="py-2">
        <dl className="divide-y divide-slate-100">{children}</dl>
      </CardBody>
    </Card>
  );
}

function SponsorLink({ sponsor }: { sponsor: NonNullable<AdminUserDetail['referredBy']> }) {
  return (
    <Link className="text-brand-700 hover:underline" to={`/admin/users/${encodeURIComponent(sponsor._id)}`}>
      {fullName(sponsor)}
    </Link>
  );
}

/**
 * The Overview tab: basic information (the referral code only when held: an administrator other
 * than the network root has none), the sponsor (only when referred) and the subscription.
 */
export function MemberOverview({ member }: { member: AdminUserDetail }) {
  const sponsor = member.referredBy;
  const subscription = member.subscriptionFee;
  return (
    <div className="grid gap-6 p-5 sm:p-6 lg:grid-cols-2 lg:items-start">
      <InformationCard title="Basic Information">
        <DetailRow label="Full name">{fullName(member)}</DetailRow>
        <DetailRow label="E-mail">
          <EmailWithVerification email={member.email} verified={member.isEmailVerified} />
        </DetailRow>
        <DetailRow label="User ID">
          <span className="font-mono">{member.userId}</span>
        </DetailRow>
        <DetailRow label="Status">
          <StatusBadge status={member.status} />
        </DetailRow>
        <DetailRow label="Exchange UID">
          {member.bingXUID ? <span className="font-mono">{member.bingXUID}</span> : adminUserTexts.notLinked}
        </DetailRow>
        {member.referralCode ? (
          <DetailRow label="Referral code">
            <span className="font-mono">{member.referralCode}</span>
          </DetailRow>
        ) : null}
        <DetailRow label="Joined">{formatDate(member.createdAt)}</DetailRow>
        {sponsor ? (
          <DetailRow label="Referred by">
            <SponsorLink sponsor={sponsor} /> <span className="font-mono text-slate-500">({sponsor.userId})</span>
          </DetailRow>
        ) : null}
        <DetailRow label="Last login">{member.lastLogin ? formatDateTime(member.lastLogin) : 'Never'}</DetailRow>
        <DetailRow label="Last updated">{formatDateTime(member.updatedAt)}</DetailRow>
      </InformationCard>
      <div className="space-y-6">
        {sponsor ? (
          <InformationCard title="Referral Information">
            <DetailRow label="Sponsor">
              <SponsorLink sponsor={sponsor} />
            </DetailRow>
            <DetailRow label="Sponsor user ID">
              <span className="font-mono">{sponsor.userId}</span>
            </DetailRow>
          </InformationCard>
        ) : null}
        <InformationCard title="Subscription Information">
          <DetailRow label="Subscription">
            <Badge tone={subscription.hasPaid ? 'green' : 'grey'}>{subscription.hasPaid ? 'Paid' : 'Unpaid'}</Badge>
          </DetailRow>
          {subscription.amount !== null ? (
            <DetailRow label="Amount">{formatUsdt(subscription.amount)}</DetailRow>
          ) : null}
          {subscription.timestamp ? (
            <DetailRow label="Payment date">{formatDateTime(subscription.timestamp)}</DetailRow>
          ) : null}
          {subscription.periodEndsAt ? (
            <DetailRow label="Period ends">{formatDate(subscription.periodEndsAt)}</DetailRow>
          ) : null}
        </InformationCard>
      </div>
    </div>
  );
}
