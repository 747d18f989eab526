import { ComingSoon } from '../../../components/coming-soon';

export default function AdminWithdrawalsPage() {
  return <ComingSoon title="Withdrawals" subtitle="Review Requests" />;
}
