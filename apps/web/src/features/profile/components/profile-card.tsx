import type { MemberProfile } from '@uplink/contract/accounts';
import { fullName } from '@uplink/contract/format';
import type { ReactNode } from 'react';
import { Card, CardBody, CardHeader } from '../../../components/card';
import { CopyButton } from '../../../components/copy-button';
import { DetailRow } from '../../../components/detail-row';

/** One labelled value of a profile card. */
export interface ProfileDetail {
  label: string;
  value: ReactNode;
}

/** The rows every profile card starts with: whose account it is. */
export function identityDetails(user: MemberProfile): ProfileDetail[] {
  return [
    { label: 'Full Name', value: fullName(user) },
    { label: 'Email', value: user.email },
    { label: 'User ID', value: <span className="font-mono">{user.userId}</span> },
  ];
}

/**
 * The row of a referral code to copy, labelled `label`; no row for a user without one (an
 * administrator other than the network root has nothing to share).
 */
export function referralCodeDetails(referralCode: string | null, label: string): ProfileDetail[] {
  if (referralCode === null) return [];
  return [
    {
      label,
      value: (
        <span className="inline-flex items-center gap-2">
          <span className="font-mono tracking-wider">{referralCode}</span>
          <CopyButton value={referralCode} iconOnly ariaLabel="Copy referral code" />
        </span>
      ),
    },
  ];
}

/**
 * The read-only account card of /profile and /admin/settings: its header, an optional summary
 * above the rows, the rows, and whatever follows them (`children`).
 */
export function ProfileCard({
  title,
  subtitle,
  summary,
  details,
  children,
}: {
  title: string;
  subtitle: string;
  summary?: ReactNode;
  details: ProfileDetail[];
  children?: ReactNode;
}) {
  return (
    <Card>
      <CardHeader title={title} subtitle={subtitle} />
      <CardBody>
        {summary}
        <dl className={`divide-y divide-slate-100 ${summary ? 'mt-5 border-slate-100 border-t' : ''}`}>
          {details.map((detail) => (
            <DetailRow key={detail.label} label={detail.label}>
              {detail.value}
            </DetailRow>
          ))}
        </dl>
        {children}
      </CardBody>
    </Card>
  );
}
