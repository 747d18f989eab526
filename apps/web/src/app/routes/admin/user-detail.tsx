import { useParams } from 'react-router';
import { MemberDetail } from '../../../features/admin-users/components/member-detail';

export default function AdminUserDetailPage() {
  const { id = '' } = useParams();
  const memberId = id.trim();
  // Another member (a sponsor link) starts afresh: overview tab, first pages, no dialog open.
  return <MemberDetail key={memberId} memberId={memberId} />;
}
