import { errorTexts } from '@uplink/contract/error-codes';
import { formatCount, formatUsdt } from '@uplink/contract/format';
import {
  type PayoutBatchDetail,
  type PayoutBatchPart,
  type PayoutExportFormat,
  proposedToSafeRefusal,
  transfersLeftOutHeader,
} from '@uplink/contract/payout-batches';
import { useId, useState } from 'react';
import { Badge } from '../../../components/badge';
import { Button } from '../../../components/button';
import { ConfirmActionDialog } from '../../../components/confirm-action-dialog';
import { errorText } from '../../../lib/error-text';
import { saveFile } from '../../../lib/save-file';
import { exportPayoutBatch } from '../api/export-payout-batch';
import { proposedInThisPayment } from './safe-proposals';

const formats: { format: PayoutExportFormat; name: string; title: string; limit: string }[] = [
  { format: 'safe-csv', name: 'Safe CSV', title: 'CSV Airdrop', limit: 'up to 499 transfers a file' },
  { format: 'safe-json', name: 'Safe JSON', title: 'Transaction Builder', limit: 'one Safe transaction a file' },
];

/** Why the batch's parts cannot be downloaded or proposed now; null when they can. */
export function exportBlocker({ batch, demoPayment }: PayoutBatchDetail): string | null {
  if (batch.paid === batch.count) return 'Nothing is left to pay in this batch: its files would be empty.';
  if (demoPayment.length > 0) return 'The demo treasury is paying this batch: its files are not to be paid as well.';
  return batch.exportable ? null : errorTexts.PAYOUT_APPROVAL_REQUIRED;
}

/** What downloading a part sets off: the start of the batch's payment, or another copy of a payment under way. */
function downloadConsequence({ batch }: PayoutBatchDetail): string {
  if (batch.payment === null) {
    return "Downloading starts this batch's payment: its withdrawals are claimed — no rejection, block, second batch or other payment — until the chain shows them paid or the batch is released. Send each part to Safe{Wallet} once.";
  }
  return 'The payment of this batch is under way: the file holds the transfers of this part still to pay, less any the chain already shows paid. Execute it only if the file sent before was not.';
}

/**
 * The batch's files for Safe{Wallet} in parts Safe accepts — CSV Airdrop files of at most 499
 * transfers, Transaction Builder files of one Safe transaction each — with each part's count and
 * total, saved under the server's names. Each download asks first and says what it starts (the
 * first starts the batch's payment), and a download that left transfers out — already paid on
 * chain — says how many; a part already paid is marked so. Disabled, with the reason, until a required second approval is given,
 * while the demo treasury pays the batch, once nothing is left to pay, and while the Safe pays a
 * proposal of this payment.
 */
export function BatchExports({ detail }: { detail: PayoutBatchDetail }) {
  const [asked, setAsked] = useState<PayoutBatchPart | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [leftOut, setLeftOut] = useState(0);
  const reasonId = useId();
  const blocker = exportBlocker(detail) ?? (proposedInThisPayment(detail) ? proposedToSafeRefusal : null);
  const partsOf = (format: PayoutExportFormat) => detail.parts.filter((part) => part.format === format);
  const nameOf = (format: PayoutExportFormat) => formats.find((one) => one.format === format)?.name ?? format;

  const download = async (part: PayoutBatchPart) => {
    setBusy(true);
    setFailure(null);
    try {
      const file = await exportPayoutBatch(detail.batch._id, part.format, part.part);
      saveFile(file);
      setLeftOut(Number(file.headers.get(transfersLeftOutHeader) ?? 0));
      setAsked(null);
    } catch (error) {
      setFailure(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="space-y-3">
      <h3 className="font-semibold text-slate-900 text-sm">Files for Safe{'{Wallet}'}</h3>
      {formats.map(({ format, name, title, limit }) => {
        const parts = detail.parts.filter((part) => part.format === format);
        return (
          <section key={format} aria-label={`${title} files`} className="space-y-1.5">
            <h4 className="text-slate-600 text-xs">
              <span className="font-semibold text-slate-800">{title}</span> · {limit}
            </h4>
            {parts.length === 0 ? null : (
              <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
                {parts.map((part) => (
                  <li key={part.part} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 px-3 py-2">
                    <span className="text-slate-800 text-sm tabular-nums">
                      <span className="font-medium">{`Part ${part.part} of ${parts.length}`}</span>
                      <span className="text-slate-500">
                        {` · ${formatCount(part.count, ['transfer', 'transfers'])} · ${formatUsdt(part.total)}`}
                      </span>
                    </span>
                    {part.paid === part.count ? (
                      <Badge tone="green">Paid</Badge>
                    ) : (
                      <Button
                        variant="secondary"
                        size="sm"
                        disabled={blocker !== null || busy}
                        aria-describedby={blocker === null ? undefined : reasonId}
                        aria-label={`Download ${name} part ${part.part}`}
                        onClick={() => {
                          setFailure(null);
                          setAsked(part);
                        }}
                      >
                        Download
                      </Button>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </section>
        );
      })}
      {blocker === null ? null : (
        <p id={reasonId} className="text-amber-900 text-sm">
          {blocker}
        </p>
      )}
      {leftOut > 0 ? (
        <p role="status" className="text-amber-900 text-sm">
          {`${formatCount(leftOut, ['transfer was', 'transfers were'])} left out of the file: the chain already shows ${leftOut === 1 ? 'it' : 'them'} paid.`}
        </p>
      ) : null}
      {asked ? (
        <ConfirmActionDialog
          open
          onClose={() => setAsked(null)}
          title="Download this payment file?"
          details={[
            { label: 'File', value: `${nameOf(asked.format)} · part ${asked.part} of ${partsOf(asked.format).length}` },
            { label: 'Transfers', value: formatCount(asked.count - asked.paid) },
            { label: 'Total', value: formatUsdt(asked.total) },
          ]}
          consequence={downloadConsequence(detail)}
          confirmLabel={`Download part ${asked.part}`}
          busy={busy}
          onConfirm={() => download(asked)}
          problem={failure}
        />
      ) : null}
    </div>
  );
}
