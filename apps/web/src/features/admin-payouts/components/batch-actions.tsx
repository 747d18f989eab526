import { errorTexts } from '@uplink/contract/error-codes';
import { formatCount, formatDateTime, formatMoney, shortenHash } from '@uplink/contract/format';
import type { PayoutBatchDetail } from '@uplink/contract/payout-batches';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { ConfirmActionDialog } from '../../../components/confirm-action-dialog';
import { ExplorerLink } from '../../../components/explorer-link';
import { Modal } from '../../../components/modal';
import { useAuth } from '../../../lib/auth';
import { errorText } from '../../../lib/error-text';
import { useApprovePayoutBatch } from '../api/approve-payout-batch';
import { useDeletePayoutBatch } from '../api/delete-payout-batch';
import { usePayBatchFromDemoTreasury } from '../api/pay-batch-from-demo-treasury';

/**
 * What an administrator can do with a batch: the second approval (never by its creator), the
 * demo treasury's payment in local mode, and deleting it while nothing is paid.
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
  const creatorReasonId = useId();

  const awaitingApproval = batch.approval.required && batch.approval.approvedBy === null;
  const ownBatch = user?._id === batch.createdBy._id;
  // Once part of it is paid, paying the whole batch again would pay those withdrawals twice.
  const payable = detail.demoTreasury && batch.status === 'OPEN';
  const deletable = batch.status === 'OPEN' && batch.paid === 0;

  if (!awaitingApproval && !payable && !deletable) return null;
  return (
    <div className="space-y-3">
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
        {payable && !payment.isSuccess ? (
          <Button variant="secondary" size="sm" onClick={() => setPaying(true)}>
            Pay batch from the demo treasury
          </Button>
        ) : null}
        {deletable ? (
          <Button variant="danger" size="sm" onClick={() => setDeleting(true)}>
            Delete batch
          </Button>
        ) : null}
      </div>
      {awaitingApproval && ownBatch ? (
        <p id={creatorReasonId} className="text-slate-600 text-sm">
          {errorTexts.PAYOUT_APPROVAL_BY_CREATOR}
        </p>
      ) : null}
      {payment.data ? (
        <Alert tone="success" title="Paid from the demo treasury in one transaction">
          <ExplorerLink transaction={payment.data.transactionHash} title={payment.data.transactionHash}>
            {shortenHash(payment.data.transactionHash)}
          </ExplorerLink>{' '}
          {`pays ${formatCount(payment.data.lines, ['line', 'lines'])}; each withdrawal is approved once the payment is confirmed.`}
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
          { label: 'Total', value: formatMoney(batch.total, { unit: 'USDT' }) },
        ]}
        consequence={`The demo treasury pays ${batch.count === 1 ? 'its one withdrawal' : `its ${formatCount(batch.count)} withdrawals`} in one transaction now; each is approved once the payment is confirmed.`}
        confirmLabel={`Pay ${formatMoney(batch.total, { unit: 'USDT' })}`}
        busy={payment.isPending}
        onConfirm={() => payment.mutate(undefined, { onSuccess: () => setPaying(false) })}
        problem={payment.error ? errorText(payment.error) : null}
      />
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
          <p className="text-slate-600 text-sm">
            Nothing of it is paid yet. Do not use a file already exported from it.
          </p>
        )}
      </Modal>
    </div>
  );
}
