import { ComingSoon } from '../../../components/coming-soon';

export default function VerifyEmailPage() {
  return <ComingSoon title="Verify Your Email" />;
}
