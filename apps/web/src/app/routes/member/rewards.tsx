import { ComingSoon } from '../../../components/coming-soon';

export default function RewardsPage() {
  return <ComingSoon title="Rewards" subtitle="Your Earnings" />;
}
