import { ComingSoon } from '../../../components/coming-soon';

export default function ReferralsPage() {
  return <ComingSoon title="Referrals" subtitle="Invite & Earn" />;
}
