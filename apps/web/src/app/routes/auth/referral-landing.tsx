import { ComingSoon } from '../../../components/coming-soon';

export default function ReferralLandingPage() {
  return <ComingSoon title="Processing referral link..." />;
}
