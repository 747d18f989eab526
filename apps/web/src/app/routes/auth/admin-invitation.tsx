import { useSearchParams } from 'react-router';
import { AdminInvitationPanel } from '../../../features/auth/components/admin-invitation-panel';

export default function AdminInvitationPage() {
  const [searchParams] = useSearchParams();
  return <AdminInvitationPanel token={searchParams.get('token')} />;
}
