import { errorTexts } from '@uplink/contract/error-codes';
import { formatCount, formatDateTime, formatUsdt, shortenHash } from '@uplink/contract/format';
import { type PayoutBatchDetail, queuedInSafeRefusal } from '@uplink/contract/payout-batches';
import { useId, useState } from 'react';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { ConfirmActionDialog } from '../../../components/confirm-action-dialog';
import { ShortExplorerLink } from '../../../components/explorer-link';
import { Modal } from '../../../components/modal';
import { useAuth } from '../../../lib/auth';
import { errorText } from '../../../lib/error-text';
import { useNavigate } from '../../../lib/router/router';
import { useApprovePayoutBatch } from '../api/approve-payout-batch';
import { useDeletePayoutBatch } from '../api/delete-payout-batch';
import { usePayBatchFromDemoTreasury } from '../api/pay-batch-from-demo-treasury';
import { ReleaseBatchDialog } from './release-batch-dialog';

/**
 * What an administrator can do with a batch: the second approval (never by its creator), the
 * demo treasury's payment in local mode (once approved where it must be; gone once sent: the
 * batch then shows its transactions while it waits for their confirmations), the release of a payment under way (not while a
 * proposal of it is queued in the Safe: the server refuses it then, so the page says why instead),
 * and deleting it while nothing is paid or under way.
 */
export function BatchActions({ detail }: { detail: PayoutBatchDetail }) {
  const { batch } = detail;
  const { user } = useAuth();
  const navigate = useNavigate();
  const approval = useApprovePayoutBatch(batch._id);
  const payment = usePayBatchFromDemoTreasury(batch._id);
  const deletion = useDeletePayoutBatch(batch._id);
  const [deleting, setDeleting] = useState(false);
  const [paying, setPaying] = useState(false);
  const [releasing, setReleasing] = useState(false);
  const creatorReasonId = useId();

  const awaitingApproval = batch.approval.required && batch.approval.approvedBy === null;
  const ownBatch = user?._id === batch.createdBy._id;
  const underWay = batch.status === 'PAYMENT_UNDER_WAY';
  // The server refuses a release while the Safe's queue pays the batch: the page says what to do instead.
  const queuedInSafe = underWay ? detail.safeProposals.find((proposal) => proposal.state === 'QUEUED') : undefined;
  const releasable = underWay && queuedInSafe === undefined;
  const sent = payment.data?.transactions ?? detail.demoPayment;
  // Once part of it is paid, paying the whole batch again would pay those withdrawals twice; and
  // above the second-approval threshold the server pays a batch only once approved, as it exports one.
  const payable =
    detail.demoTreasury && batch.status === 'OPEN' && batch.exportable && sent.length === 0 && !payment.isPending;
  const deletable = batch.status === 'OPEN' && batch.paid === 0;
  // The demo treasury sends one transaction per Transaction Builder part, as a Safe would.
  const transactionParts = detail.parts.filter((part) => part.format === 'safe-json').length;

  return (
    <div className="space-y-3">
      {awaitingApproval || payable || deletable || releasable ? (
        <div className="flex flex-wrap gap-2">
          {awaitingApproval ? (
            <Button
              size="sm"
              busy={approval.isPending}
              disabled={ownBatch}
              aria-describedby={ownBatch ? creatorReasonId : undefined}
              onClick={() => approval.mutate()}
            >
              Approve batch
            </Button>
          ) : null}
          {payable || payment.isPending ? (
            <Button variant="secondary" size="sm" busy={payment.isPending} onClick={() => setPaying(true)}>
              Pay batch from the demo treasury
            </Button>
          ) : null}
          {releasable ? (
            <Button variant="secondary" size="sm" onClick={() => setReleasing(true)}>
              Release batch
            </Button>
          ) : null}
          {deletable ? (
            <Button variant="danger" size="sm" onClick={() => setDeleting(true)}>
              Delete batch
            </Button>
          ) : null}
        </div>
      ) : null}
      {awaitingApproval && ownBatch ? (
        <p id={creatorReasonId} className="text-slate-600 text-sm">
          {errorTexts.PAYOUT_APPROVAL_BY_CREATOR}
        </p>
      ) : null}
      {queuedInSafe ? (
        <p className="text-slate-600 text-sm">
          {queuedInSafeRefusal({ safeTxHash: shortenHash(queuedInSafe.safeTxHash), nonce: queuedInSafe.nonce })}
        </p>
      ) : null}
      {sent.length > 0 && batch.status !== 'PAID' ? (
        <Alert tone="info" title="Payment sent — waiting for confirmations">
          <ul className="space-y-0.5">
            {sent.map((transaction) => (
              <li key={transaction.part}>
                {transaction.transactionHash ? (
                  <ShortExplorerLink transaction={transaction.transactionHash} />
                ) : (
                  'Being sent'
                )}{' '}
                {`pays ${formatCount(transaction.lines, ['line', 'lines'])}`}
              </li>
            ))}
          </ul>
          <p className="mt-1">Reconciliation approves each withdrawal once its payment is confirmed.</p>
        </Alert>
      ) : null}
      {approval.error ? <Alert tone="error">{errorText(approval.error)}</Alert> : null}
      <ConfirmActionDialog
        open={paying}
        onClose={() => setPaying(false)}
        title="Pay this batch from the demo treasury?"
        details={[
          { label: 'Batch', value: `Created ${formatDateTime(batch.createdAt)} by ${batch.createdBy.name}` },
          { label: 'Withdrawals', value: formatCount(batch.count) },
          { label: 'Total', value: formatUsdt(batch.total) },
        ]}
        consequence={`The demo treasury pays ${batch.count === 1 ? 'its one withdrawal' : `its ${formatCount(batch.count)} withdrawals`} now, in ${formatCount(transactionParts, ['transaction', 'transactions'])}; each is approved once its payment is confirmed.`}
        confirmLabel={`Pay ${formatUsdt(batch.total)}`}
        busy={payment.isPending}
        onConfirm={() => payment.mutate(undefined, { onSuccess: () => setPaying(false) })}
        problem={payment.error ? errorText(payment.error) : null}
      />
      <ReleaseBatchDialog batch={batch} open={releasing} onClose={() => setReleasing(false)} />
      <Modal
        open={deleting}
        onClose={() => setDeleting(false)}
        dismissible={!deletion.isPending}
        size="sm"
        title="Delete this batch?"
        description={`Its ${formatCount(batch.count, ['withdrawal returns', 'withdrawals return'])} to the pending list, to be batched again.`}
        footer={
          <>
            <Button variant="secondary" onClick={() => setDeleting(false)} disabled={deletion.isPending}>
              Keep it
            </Button>
            <Button
              variant="danger"
              busy={deletion.isPending}
              onClick={async () => {
                try {
                  await deletion.mutateAsync();
                  navigate('/admin/withdrawals?tab=batches');
                } catch {
                  // The dialog shows the refusal below.
                }
              }}
            >
              Delete batch
            </Button>
          </>
        }
      >
        {deletion.isError ? (
          <Alert tone="error" title="The batch was not deleted">
            {errorText(deletion.error)}
          </Alert>
        ) : (
          <p className="text-slate-600 text-sm">Nothing of it is paid yet, and none of its files was downloaded.</p>
        )}
      </Modal>
    </div>
  );
}
