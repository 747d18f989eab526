import { ComingSoon } from '../../../components/coming-soon';

export default function AdminUserReportsPage() {
  return <ComingSoon title="User Reports" />;
}
