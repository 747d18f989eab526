import { useParams } from 'react-router';
import { PayoutBatchView } from '../../../features/admin-payouts/components/payout-batch-view';

export default function AdminPayoutBatchPage() {
  const { id = '' } = useParams();
  return <PayoutBatchView id={id} />;
}
