import { ComingSoon } from '../../../components/coming-soon';

export default function AdminUsersPage() {
  return <ComingSoon title="Users" subtitle="Manage Users" />;
}
