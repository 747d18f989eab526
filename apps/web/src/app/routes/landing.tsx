import { ComingSoon } from '../../components/coming-soon';

export default function LandingPage() {
  return <ComingSoon title="Copy trading, rewarded" />;
}
