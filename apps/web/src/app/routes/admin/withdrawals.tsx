import { BatchSelectionBar } from '../../../features/admin-payouts/components/batch-selection-bar';
import { PayoutBatchesTable } from '../../../features/admin-payouts/components/payout-batches-table';
import { UnmatchedTransfersCard } from '../../../features/admin-payouts/components/unmatched-transfers-card';
import {
  selectionColumn,
  useWithdrawalSelection,
} from '../../../features/admin-payouts/components/withdrawal-selection';
import { AdminWithdrawalsView } from '../../../features/admin-withdrawals/components/admin-withdrawals-view';

export default function AdminWithdrawalsPage() {
  const selection = useWithdrawalSelection();
  return (
    <AdminWithdrawalsView
      batching={{
        leadingColumn: selectionColumn(selection),
        selectionBar: (rows, search) => <BatchSelectionBar selection={selection} rows={rows} search={search} />,
      }}
      batchesPanel={<PayoutBatchesTable />}
      batchesAside={<UnmatchedTransfersCard />}
    />
  );
}
