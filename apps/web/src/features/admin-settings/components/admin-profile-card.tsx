import type { MemberProfile } from '@uplink/contract/accounts';
import { formatDateTime, fullName } from '@uplink/contract/format';
import type { ReactNode } from 'react';
import { Badge, StatusBadge } from '../../../components/badge';
import { Card, CardBody, CardHeader } from '../../../components/card';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1 py-3 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
      <dt className="text-slate-600 text-sm">{label}</dt>
      <dd className="min-w-0 break-all font-medium text-slate-900 text-sm sm:text-right">{children}</dd>
    </div>
  );
}

/** The signed-in administrator, read only; last login is recorded by the server at sign-in. */
export function AdminProfileCard({ admin }: { admin: MemberProfile }) {
  return (
    <Card>
      <CardHeader title="Admin Profile" subtitle="Read-only account information" />
      <CardBody>
        <dl className="divide-y divide-slate-100">
          <Detail label="Full Name">{fullName(admin)}</Detail>
          <Detail label="Email">{admin.email}</Detail>
          <Detail label="User ID">
            <span className="font-mono">{admin.userId}</span>
          </Detail>
          <Detail label="Account Status">
            <span className="inline-flex flex-wrap items-center gap-2">
              <StatusBadge status={admin.status} />
              <Badge tone="violet">ADMINISTRATOR</Badge>
            </span>
          </Detail>
          <Detail label="Last Login">{admin.lastLogin ? formatDateTime(admin.lastLogin) : 'Not available'}</Detail>
        </dl>
      </CardBody>
    </Card>
  );
}
