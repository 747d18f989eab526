import { PageHeader } from '../../../components/layouts/page-header';
import { RiskReview } from '../../../features/admin-risk/components/risk-review';

export default function AdminRiskPage() {
  return (
    <div className="space-y-6">
      <PageHeader title="Risk" subtitle="Accounts that look run by one person, held and resolved with the evidence" />
      <RiskReview />
    </div>
  );
}
