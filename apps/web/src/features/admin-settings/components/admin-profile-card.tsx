import type { MemberProfile } from '@uplink/contract/accounts';
import { formatDateTime, fullName } from '@uplink/contract/format';
import { Badge, StatusBadge } from '../../../components/badge';
import { Card, CardBody, CardHeader } from '../../../components/card';
import { DetailRow } from '../../../components/detail-row';

/** The signed-in administrator, read only; last login is recorded by the server at sign-in. */
export function AdminProfileCard({ admin }: { admin: MemberProfile }) {
  return (
    <Card>
      <CardHeader title="Admin Profile" subtitle="Read-only account information" />
      <CardBody>
        <dl className="divide-y divide-slate-100">
          <DetailRow label="Full Name">{fullName(admin)}</DetailRow>
          <DetailRow label="Email">{admin.email}</DetailRow>
          <DetailRow label="User ID">
            <span className="font-mono">{admin.userId}</span>
          </DetailRow>
          <DetailRow label="Account Status">
            <span className="inline-flex flex-wrap items-center gap-2">
              <StatusBadge status={admin.status} />
              <Badge tone="violet">ADMINISTRATOR</Badge>
            </span>
          </DetailRow>
          <DetailRow label="Last Login">
            {admin.lastLogin ? formatDateTime(admin.lastLogin) : 'Not available'}
          </DetailRow>
        </dl>
      </CardBody>
    </Card>
  );
}
