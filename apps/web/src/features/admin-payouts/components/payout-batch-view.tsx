import { useState } from 'react';
import { BackToList, PageHeader } from '../../../components/layouts/page-header';
import { RefreshButton } from '../../../components/refresh-button';
import { usePayoutBatch } from '../api/get-payout-batch';
import { PayoutBatchDetailPanels } from './payout-batch-detail';

/** One payout batch's screen: its summary, files, actions and lines, a page at a time. */
export function PayoutBatchView({ id }: { id: string }) {
  const [page, setPage] = useState(1);
  const batch = usePayoutBatch(id, page);
  return (
    <div className="space-y-6">
      <PageHeader
        title="Payout Batch"
        subtitle={<BackToList to="/admin/withdrawals?tab=batches">Back to all batches</BackToList>}
        actions={<RefreshButton busy={batch.isFetching} onClick={() => batch.refetch()} />}
      />
      <PayoutBatchDetailPanels detail={batch} onPageChange={setPage} />
    </div>
  );
}
