import { formatDateTime } from '@uplink/contract/format';
import type { PayoutBatch } from '@uplink/contract/payout-batches';
import { Badge } from '../../../components/badge';

/** Where a batch stands with the second approval: not needed, awaited, or given (by whom, when). */
export function ApprovalState({ batch, detailed = false }: { batch: PayoutBatch; detailed?: boolean }) {
  const { approval } = batch;
  if (!approval.required) return <Badge tone="grey">Not required</Badge>;
  if (!approval.approvedBy) return <Badge tone="amber">Second approval needed</Badge>;
  return (
    <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1">
      <Badge tone="green">Approved</Badge>
      <span className="text-slate-600 text-xs">
        {detailed ? `by ${approval.approvedBy.name}, ${formatDateTime(approval.approvedAt)}` : approval.approvedBy.name}
      </span>
    </span>
  );
}
