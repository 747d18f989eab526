import { formatCount, formatMoney } from '@uplink/contract/format';
import { type PayoutBatch, payoutBatchReleaseWarning, releasePayoutBatchSchema } from '@uplink/contract/payout-batches';
import { useState } from 'react';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { Modal } from '../../../components/modal';
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
      // The dialog shows the refusal below.
    }
  };

  return (
    <Modal
      open={open}
      onClose={close}
      dismissible={!release.isPending}
      title="Release this batch?"
      description={`Its ${formatCount(claimed.count, ['withdrawal', 'withdrawals'])} (${formatMoney(claimed.total, { unit: 'USDT' })}) will no longer be claimed: they can be paid, rejected or batched again.`}
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={release.isPending}>
            Keep it
          </Button>
          <Button variant="danger" busy={release.isPending} onClick={submit}>
            Release batch
          </Button>
        </>
      }
    >
      <div className="space-y-4">
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
        {release.isError ? (
          <Alert tone="error" title="The batch was not released">
            {errorText(release.error)}
          </Alert>
        ) : null}
      </div>
    </Modal>
  );
}
