import { Button } from '../../../components/button';
import { errorText, serverMessage } from '../../../lib/error-text';
import { usePayFromDemoTreasury } from '../api/pay-from-demo-treasury';

/** Local mode: the demo chain's treasury pays the withdrawal, and the form gets the payment's hash. */
export function DemoTreasuryPayment({
  id,
  onPaid,
  onFailed,
}: {
  id: string;
  onPaid: (transactionHash: string) => void;
  onFailed: (problem: string) => void;
}) {
  const payment = usePayFromDemoTreasury(id);
  return (
    <Button
      type="button"
      variant="secondary"
      size="sm"
      busy={payment.isPending}
      onClick={async () => {
        try {
          onPaid((await payment.mutateAsync()).transactionHash);
        } catch (error) {
          onFailed(errorText(error, { refusal: serverMessage }));
        }
      }}
    >
      Pay from the demo treasury
    </Button>
  );
}
