import type { MemberProfile } from '@uplink/contract/accounts';
import { formatDateTime } from '@uplink/contract/format';
import { Badge, StatusBadge } from '../../../components/badge';
import { identityDetails, ProfileCard, referralCodeDetails } from './profile-card';

/**
 * The signed-in administrator, read only; last login is recorded by the server at sign-in. Only the
 * network root, who founded the network, holds the code its first members register with.
 */
export function AdminProfileCard({ admin }: { admin: MemberProfile }) {
  return (
    <ProfileCard
      title="Admin Profile"
      subtitle="Read-only account information"
      details={[
        ...identityDetails(admin),
        ...referralCodeDetails(admin.referralCode, 'Network Root Code'),
        {
          label: 'Account Status',
          value: (
            <span className="inline-flex flex-wrap items-center gap-2">
              <StatusBadge status={admin.status} />
              <Badge tone="violet">ADMINISTRATOR</Badge>
            </span>
          ),
        },
        { label: 'Last Login', value: admin.lastLogin ? formatDateTime(admin.lastLogin) : 'Not available' },
      ]}
    />
  );
}
