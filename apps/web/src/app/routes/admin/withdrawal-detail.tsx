import { BackToList, PageHeader } from '../../../components/layouts/page-header';
import { QueryState } from '../../../components/query-state';
import { useWithdrawalReview } from '../../../features/admin-withdrawals/api/get-withdrawal-review';
import { WithdrawalReviewPanels } from '../../../features/admin-withdrawals/components/withdrawal-review';
import { errorText } from '../../../lib/error-text';
import { useParams } from '../../../lib/router/router';

export default function AdminWithdrawalDetailPage() {
  const { id = '' } = useParams();
  const review = useWithdrawalReview(id);
  return (
    <div className="space-y-6">
      <PageHeader
        title="Withdrawal Review"
        subtitle={<BackToList to="/admin/withdrawals">Back to all withdrawals</BackToList>}
      />
      <QueryState query={review} failure={errorText(review.error)} loadingLabel="Loading withdrawal...">
        {(data) => <WithdrawalReviewPanels id={id} review={data} />}
      </QueryState>
    </div>
  );
}
