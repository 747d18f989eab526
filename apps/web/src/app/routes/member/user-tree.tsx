import { ComingSoon } from '../../../components/coming-soon';

export default function UserTreePage() {
  return <ComingSoon title="My Referral Tree" subtitle="Referral Network" />;
}
