import type { MemberProfile } from '@uplink/contract/accounts';
import { fullName } from '@uplink/contract/format';
import type { ReactNode } from 'react';
import { Card, CardBody, CardHeader } from '../../../components/card';
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
