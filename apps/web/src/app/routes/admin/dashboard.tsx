import { ComingSoon } from '../../../components/coming-soon';

export default function AdminDashboardPage() {
  return <ComingSoon title="Admin Dashboard" subtitle="Overview & Analytics" />;
}
