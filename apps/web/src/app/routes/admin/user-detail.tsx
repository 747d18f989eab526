import { AdminFunnelCard } from '../../../features/admin-funnel/components/admin-funnel-card';
import { MemberDetail } from '../../../features/admin-users/components/member-detail';
import { useParams } from '../../../lib/router/router';

export default function AdminUserDetailPage() {
  const { id = '' } = useParams();
  const memberId = id.trim();
  // Another member (a sponsor link) starts afresh: overview tab, first pages, no dialog open.
  return (
    <div className="space-y-6">
      <MemberDetail key={memberId} memberId={memberId} />
      {memberId ? (
        <AdminFunnelCard
          key={`funnel-${memberId}`}
          memberId={memberId}
          title="Invitation funnel of this member's link"
        />
      ) : null}
    </div>
  );
}
