import type { PayoutBatchStatus } from '@uplink/contract/payout-batches';
import { Badge, type BadgeTone } from '../../../components/badge';

const badges: Record<PayoutBatchStatus, { tone: BadgeTone; label: string }> = {
  OPEN: { tone: 'blue', label: 'OPEN' },
  PAYMENT_UNDER_WAY: { tone: 'violet', label: 'PAYMENT UNDER WAY' },
  PARTLY_PAID: { tone: 'amber', label: 'PARTLY PAID' },
  PAID: { tone: 'green', label: 'PAID' },
};

export function PayoutBatchStatusBadge({ status }: { status: PayoutBatchStatus }) {
  return (
    <Badge tone={badges[status].tone} dot>
      {badges[status].label}
    </Badge>
  );
}
