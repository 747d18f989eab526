import { ComingSoon } from '../../../components/coming-soon';

export default function AdminUserDetailPage() {
  return <ComingSoon title="User Details" />;
}
