import { errorTexts } from '@uplink/contract/error-codes';
import type { PayoutBatch, PayoutExportFormat } from '@uplink/contract/payout-batches';
import { useId, useState } from 'react';
import { Button } from '../../../components/button';
import { errorText } from '../../../lib/error-text';
import { saveFile } from '../../../lib/save-file';
import { exportPayoutBatch } from '../api/export-payout-batch';

const formats: { format: PayoutExportFormat; label: string }[] = [
  { format: 'safe-csv', label: 'Download Safe CSV' },
  { format: 'safe-json', label: 'Download Safe JSON' },
];

/** Why the files cannot be downloaded now; null when they can. */
function exportBlocker(batch: PayoutBatch): string | null {
  if (batch.paid === batch.count) return 'Nothing is left to pay in this batch: its files would be empty.';
  return batch.exportable ? null : errorTexts.PAYOUT_APPROVAL_REQUIRED;
}

/**
 * The batch's files for Safe{Wallet} (CSV Airdrop, Transaction Builder JSON) of the lines still to
 * pay, saved under the server's names; disabled, with the reason, until a required second approval
 * is given and once nothing is left to pay.
 */
export function BatchExports({ batch }: { batch: PayoutBatch }) {
  const [busy, setBusy] = useState<PayoutExportFormat | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const reasonId = useId();
  const blocker = exportBlocker(batch);

  const download = async (format: PayoutExportFormat) => {
    setBusy(format);
    setFailure(null);
    try {
      saveFile(await exportPayoutBatch(batch._id, format));
    } catch (error) {
      setFailure(errorText(error));
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="space-y-2">
      <h3 className="font-semibold text-slate-900 text-sm">Files for Safe{'{Wallet}'}</h3>
      <div className="flex flex-wrap gap-2">
        {formats.map(({ format, label }) => (
          <Button
            key={format}
            variant="secondary"
            size="sm"
            busy={busy === format}
            disabled={blocker !== null || busy !== null}
            aria-describedby={blocker === null ? undefined : reasonId}
            onClick={() => download(format)}
          >
            {label}
          </Button>
        ))}
      </div>
      {blocker === null ? null : (
        <p id={reasonId} className="text-amber-900 text-sm">
          {blocker}
        </p>
      )}
      {failure ? (
        <p role="alert" className="text-red-700 text-sm">
          {failure}
        </p>
      ) : null}
    </div>
  );
}
