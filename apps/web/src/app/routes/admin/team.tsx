import { AdminTeamView } from '../../../features/admin-team/components/admin-team-view';

export default function AdminTeamPage() {
  return <AdminTeamView />;
}
