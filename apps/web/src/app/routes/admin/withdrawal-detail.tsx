import { ComingSoon } from '../../../components/coming-soon';

export default function AdminWithdrawalDetailPage() {
  return <ComingSoon title="Withdrawal Review" />;
}
