import { formatUsdt } from '@uplink/contract/format';
import { useState } from 'react';
import { Button } from '../../../components/button';
import { ConfirmActionDialog, type ConfirmedDetail } from '../../../components/confirm-action-dialog';
import { errorText, serverMessage } from '../../../lib/error-text';
import { usePayFromDemoTreasury } from '../api/pay-from-demo-treasury';

/**
 * Local mode: the demo chain's treasury pays the withdrawal, once confirmed in a dialog that names
 * the member, amount and wallet, and the form gets the payment's hash.
 */
export function DemoTreasuryPayment({
  id,
  details,
  amount,
  onPaid,
}: {
  id: string;
  details: ConfirmedDetail[];
  amount: number;
  onPaid: (transactionHash: string) => void;
}) {
  const payment = usePayFromDemoTreasury(id);
  const [confirming, setConfirming] = useState(false);
  const usdt = formatUsdt(amount);
  return (
    <>
      <Button
        type="button"
        variant="secondary"
        size="sm"
        onClick={() => {
          payment.reset();
          setConfirming(true);
        }}
      >
        Pay from the demo treasury
      </Button>
      <ConfirmActionDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Pay this withdrawal from the demo treasury?"
        details={details}
        consequence={`The demo treasury sends ${usdt} to this wallet now. Until the payment is approved or released, the withdrawal cannot be rejected, blocked or paid again.`}
        confirmLabel={`Pay ${usdt}`}
        busy={payment.isPending}
        onConfirm={async () => {
          try {
            onPaid((await payment.mutateAsync()).transactionHash);
            setConfirming(false);
          } catch {
            // The dialog shows the refusal.
          }
        }}
        problem={payment.error ? errorText(payment.error, { refusal: serverMessage }) : null}
      />
    </>
  );
}
