import { PayoutBatchView } from '../../../features/admin-payouts/components/payout-batch-view';
import { useParams } from '../../../lib/router/router';

export default function AdminPayoutBatchPage() {
  const { id = '' } = useParams();
  return <PayoutBatchView id={id} />;
}
