import { ComingSoon } from '../../../components/coming-soon';

export default function SupportPage() {
  return <ComingSoon title="Support" subtitle="Get Assistance" />;
}
