import { ComingSoon } from '../../components/coming-soon';

export default function OnboardingPage() {
  return <ComingSoon title="Onboarding" />;
}
