import { AdminInvitationPanel } from '../../../features/auth/components/admin-invitation-panel';
import { useSearchParams } from '../../../lib/router/router';

export default function AdminInvitationPage() {
  const [searchParams] = useSearchParams();
  return <AdminInvitationPanel token={searchParams.get('token')} />;
}
