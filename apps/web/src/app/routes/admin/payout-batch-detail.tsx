import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../../components/layouts/page-header';
import { RefreshButton } from '../../../components/refresh-button';
import { usePayoutBatch } from '../../../features/admin-payouts/api/get-payout-batch';
import { PayoutBatchDetailPanels } from '../../../features/admin-payouts/components/payout-batch-detail';

export default function AdminPayoutBatchPage() {
  const { id = '' } = useParams();
  const [page, setPage] = useState(1);
  const batch = usePayoutBatch(id, page);
  return (
    <div className="space-y-6">
      <PageHeader
        title="Payout Batch"
        subtitle={
          <Link to="/admin/withdrawals?tab=batches" className="text-brand-700 hover:underline">
            Back to all batches
          </Link>
        }
        actions={<RefreshButton busy={batch.isFetching} onClick={() => batch.refetch()} />}
      />
      <PayoutBatchDetailPanels detail={batch} onPageChange={setPage} />
    </div>
  );
}
