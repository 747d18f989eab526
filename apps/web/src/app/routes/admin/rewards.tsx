import { ComingSoon } from '../../../components/coming-soon';

export default function AdminRewardsPage() {
  return <ComingSoon title="Rewards" subtitle="Reward Distribution" />;
}
