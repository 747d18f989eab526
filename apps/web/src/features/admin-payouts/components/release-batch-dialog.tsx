import { formatCount, formatDateTime, formatUsdt } from '@uplink/contract/format';
import { type PayoutBatch, payoutBatchReleaseWarning, releasePayoutBatchSchema } from '@uplink/contract/payout-batches';
import { useState } from 'react';
import { Alert } from '../../../components/alert';
import { ConfirmActionDialog } from '../../../components/confirm-action-dialog';
import { TextField } from '../../../components/text-field';
import { errorText } from '../../../lib/error-text';
import { useReleasePayoutBatch } from '../api/release-payout-batch';

/**
 * Gives up a batch's payment under way, with a reason the audit log keeps: for when the Safe
 * transaction was rejected or replaced. It says what a release cannot undo, word for word.
 */
export function ReleaseBatchDialog({
  batch,
  open,
  onClose,
}: {
  batch: PayoutBatch;
  open: boolean;
  onClose: () => void;
}) {
  const release = useReleasePayoutBatch(batch._id);
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const claimed = batch.payment ?? { count: batch.count, total: batch.total };
  const total = formatUsdt(claimed.total);

  const close = () => {
    setReason('');
    setInvalid(null);
    release.reset();
    onClose();
  };
  const submit = async () => {
    const parsed = releasePayoutBatchSchema.safeParse({ reason });
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message ?? 'A reason is required');
      return;
    }
    try {
      await release.mutateAsync(parsed.data);
      close();
    } catch {
      // The dialog shows the refusal.
    }
  };

  return (
    <ConfirmActionDialog
      open={open}
      onClose={close}
      title="Release this batch?"
      details={[
        { label: 'Batch', value: `Created ${formatDateTime(batch.createdAt)} by ${batch.createdBy.name}` },
        { label: 'Withdrawals claimed', value: formatCount(claimed.count) },
        { label: 'Total', value: total },
      ]}
      consequence={`Its ${formatCount(claimed.count, ['withdrawal', 'withdrawals'])} (${total}) will no longer be claimed: they can be paid, rejected or batched again.`}
      confirmLabel={`Release ${total}`}
      tone="danger"
      busy={release.isPending}
      onConfirm={submit}
      problem={release.isError ? errorText(release.error) : null}
    >
      <Alert tone="warning" title={payoutBatchReleaseWarning} />
      <TextField
        label="Reason"
        value={reason}
        maxLength={500}
        onChange={(event) => {
          setReason(event.target.value);
          setInvalid(null);
        }}
        error={invalid}
        hint="Kept in the audit log, up to 500 characters."
      />
    </ConfirmActionDialog>
  );
}
