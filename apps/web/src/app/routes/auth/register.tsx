import { ComingSoon } from '../../../components/coming-soon';

export default function RegisterPage() {
  return <ComingSoon title="Create Account" />;
}
