import { formatDateTime, formatUsdt } from '@uplink/contract/format';
import type { WithdrawalReview } from '@uplink/contract/withdrawals';
import { useState } from 'react';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { Card, CardBody, CardHeader } from '../../../components/card';
import { ConfirmActionDialog } from '../../../components/confirm-action-dialog';
import { DetailRow } from '../../../components/detail-row';
import { ExplorerLink } from '../../../components/explorer-link';
import { errorText, serverMessage } from '../../../lib/error-text';
import { usePermissions } from '../../../lib/permissions';
import { Link } from '../../../lib/router/router';
import { useReleaseWithdrawalPayment } from '../api/release-withdrawal-payment';
import { withdrawalDetails } from '../utils/decision-confirmation';

const hashLink = 'break-all font-mono text-brand-700 hover:underline';

/**
 * A payment claimed for the withdrawal: who claimed it, when, its transaction once known, and a
 * Release for a claim left standing (the server refuses while the chain shows the payment) — or,
 * when its payout batch claimed it, the way to the batch, which is released as a whole.
 */
export function PaymentUnderWay({
  id,
  payment,
  withdrawal,
}: {
  id: string;
  payment: NonNullable<WithdrawalReview['paymentUnderWay']>;
  withdrawal: WithdrawalReview['withdrawal'];
}) {
  const release = useReleaseWithdrawalPayment(id);
  const permits = usePermissions();
  const [confirming, setConfirming] = useState(false);
  const amount = formatUsdt(withdrawal.amount);
  return (
    <Card>
      <CardHeader title="Payment under way" />
      <CardBody>
        <p className="mb-3 text-sm text-slate-600">
          This withdrawal cannot be rejected, blocked or paid again until the payment is approved or released.
        </p>
        <dl className="divide-y divide-slate-100">
          <DetailRow label="Claimed by">{payment.claimedBy}</DetailRow>
          <DetailRow label="Since">{formatDateTime(payment.claimedAt)}</DetailRow>
          <DetailRow label="Transaction">
            {payment.transactionHash ? (
              <ExplorerLink transaction={payment.transactionHash} className={hashLink}>
                {payment.transactionHash}
              </ExplorerLink>
            ) : (
              'Not recorded yet'
            )}
          </DetailRow>
        </dl>
        {payment.batchId ? (
          <p className="mt-3 text-sm text-slate-600">
            Its payout batch claimed it:{' '}
            <Link
              to={`/admin/withdrawals/batches/${payment.batchId}`}
              className="font-medium text-brand-700 hover:underline"
            >
              open the batch
            </Link>{' '}
            to follow or release its payment.
          </p>
        ) : permits('withdrawals.decide') ? (
          <>
            <Button
              type="button"
              variant="secondary"
              size="sm"
              className="mt-3"
              onClick={() => {
                release.reset();
                setConfirming(true);
              }}
            >
              Release payment claim
            </Button>

            <ConfirmActionDialog
              open={confirming}
              onClose={() => setConfirming(false)}
              title="Release the payment claim?"
              details={[
                ...withdrawalDetails(withdrawal),
                { label: 'Claimed by', value: `${payment.claimedBy}, ${formatDateTime(payment.claimedAt)}` },
              ]}
              consequence={`Release it only when no payment left the treasury: the ${amount} can then be paid again, or the withdrawal rejected or blocked. The server refuses while the chain shows a payment of it.`}
              confirmLabel={`Release the claim on ${amount}`}
              tone="danger"
              busy={release.isPending}
              onConfirm={() => release.mutate(undefined, { onSuccess: () => setConfirming(false) })}
              problem={release.error ? errorText(release.error, { refusal: serverMessage }) : null}
            />
          </>
        ) : null}
      </CardBody>
    </Card>
  );
}

/** Payments recorded after the withdrawal was rejected or blocked: money sent that the ledger does not show. */
export function FlaggedPayments({ payments }: { payments: WithdrawalReview['flaggedPayments'] }) {
  return (
    <Card>
      <CardHeader title="Flagged payments" />
      <CardBody>
        <Alert tone="error" title="Paid after the withdrawal was closed: recover or settle these payments." />
        <ul className="mt-3 divide-y divide-slate-100 text-sm">
          {payments.map((payment) => (
            <li key={payment.transactionHash} className="py-2">
              <ExplorerLink transaction={payment.transactionHash} className={hashLink}>
                {payment.transactionHash}
              </ExplorerLink>
              <span className="block text-slate-500">
                {payment.recordedBy}, {formatDateTime(payment.recordedAt)} ({payment.withdrawalStatus})
              </span>
            </li>
          ))}
        </ul>
      </CardBody>
    </Card>
  );
}
