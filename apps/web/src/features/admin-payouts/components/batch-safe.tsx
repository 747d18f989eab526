import { formatCount, formatUsdt, shortenAddress } from '@uplink/contract/format';
import {
  filesDownloadedRefusal,
  type PayoutBatchDetail,
  type PayoutBatchPart,
  type SafeProposal,
} from '@uplink/contract/payout-batches';
import { useId, useState } from 'react';
import { Badge } from '../../../components/badge';
import { Button } from '../../../components/button';
import { ConfirmActionDialog } from '../../../components/confirm-action-dialog';
import { errorText } from '../../../lib/error-text';
import { useProposePayoutPart } from '../api/propose-payout-part';
import { exportBlocker } from './batch-exports';
import { SafeProposalSummary, standsInSafe } from './safe-proposals';

/** The parts to show: each part of the files, and any part an earlier payment proposed that the files no longer have. */
function partNumbers(parts: readonly PayoutBatchPart[], proposals: readonly SafeProposal[]): number[] {
  const numbers = new Set([...parts.map((part) => part.part), ...proposals.map((proposal) => proposal.part)]);
  return [...numbers].sort((a, b) => a - b);
}

/** What proposing a part sets off: the start of the batch's payment, or one more Safe transaction of a payment under way. */
function proposalConsequence({ batch }: PayoutBatchDetail): string {
  const owners =
    "The Safe's owners then confirm and execute it in Safe{Wallet}; reconciliation approves each withdrawal once its payment is confirmed.";
  if (batch.payment === null) {
    return `Proposing starts this batch's payment: its withdrawals are claimed — no rejection, block, second batch or other payment — until the chain shows them paid or the batch is released. ${owners}`;
  }
  return `The payment of this batch is under way: this part's transfers still to pay are proposed as one Safe transaction. ${owners}`;
}

/**
 * The batch's parts as the treasury Safe pays them — one Safe transaction each, the parts of the
 * Transaction Builder files — with every proposal of each part. Where this server proposes to the
 * Safe and `canPropose` (the role's `payouts.manage`), a part neither proposed nor paid offers
 * "Propose to the Safe", which asks first and says what it starts; a refusal stays in the dialog.
 * Disabled, with the reason, while the files could not be downloaded either; not offered, with the
 * reason, once the files were downloaded in this payment (Safe pays those). Nothing without a Safe
 * and its proposals.
 */
export function BatchSafe({ detail, canPropose }: { detail: PayoutBatchDetail; canPropose: boolean }) {
  const proposing = useProposePayoutPart(detail.batch._id);
  const [asked, setAsked] = useState<PayoutBatchPart | null>(null);
  const reasonId = useId();
  const { safe, safeProposals } = detail;
  if (safe === null && safeProposals.length === 0) return null;
  const parts = detail.parts.filter((part) => part.format === 'safe-json');
  const offersProposal = canPropose && safe?.proposing === true;
  const blocker = exportBlocker(detail);
  // Safe pays the files downloaded in this payment: proposing them too is refused, so not offered.
  const filesDownloaded = detail.filesDownloadedInPayment;
  const reason = blocker ?? (filesDownloaded ? filesDownloadedRefusal : null);
  const ask = (part: PayoutBatchPart) => {
    proposing.reset();
    setAsked(part);
  };

  return (
    <section aria-labelledby="batch-safe-title" className="space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <h3 id="batch-safe-title" className="font-semibold text-slate-900 text-sm">
          Safe
        </h3>
        {safe ? (
          <span className="font-mono text-slate-600 text-xs" title={safe.address}>
            {`Treasury ${shortenAddress(safe.address)}`}
          </span>
        ) : null}
      </div>
      {canPropose && safe?.proposing === false ? (
        <p className="text-slate-600 text-sm">
          This server cannot propose to the Safe (its Transaction Service or proposer is not set): download the files.
        </p>
      ) : null}
      <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
        {partNumbers(parts, safeProposals).map((number) => {
          const part = parts.find((one) => one.part === number);
          const proposals = safeProposals.filter((proposal) => proposal.part === number);
          const paid = part !== undefined && part.paid === part.count;
          return (
            <li key={number} aria-label={`Safe part ${number}`} className="space-y-2 px-4 py-3">
              <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
                <span className="text-slate-800 text-sm tabular-nums">
                  <span className="font-medium">{`Part ${number} of ${parts.length}`}</span>
                  {part ? (
                    <span className="text-slate-500">
                      {` · ${formatCount(part.count, ['transfer', 'transfers'])} · ${formatUsdt(part.total)}`}
                    </span>
                  ) : null}
                </span>
                {paid && proposals.length === 0 ? <Badge tone="green">Paid</Badge> : null}
                {part && offersProposal && !filesDownloaded && !paid && !proposals.some(standsInSafe) ? (
                  <Button
                    size="sm"
                    disabled={blocker !== null || proposing.isPending}
                    aria-describedby={blocker === null ? undefined : reasonId}
                    aria-label={`Propose part ${number} to the Safe`}
                    onClick={() => ask(part)}
                  >
                    Propose to the Safe
                  </Button>
                ) : null}
              </div>
              {proposals.map((proposal) => (
                <SafeProposalSummary key={proposal.safeTxHash} proposal={proposal} partTransfers={part?.count} />
              ))}
            </li>
          );
        })}
      </ul>
      {offersProposal && reason !== null ? (
        <p id={reasonId} className="text-amber-900 text-sm">
          {reason}
        </p>
      ) : null}
      {asked && safe ? (
        <ConfirmActionDialog
          open
          onClose={() => setAsked(null)}
          title="Propose this part to the Safe?"
          details={[
            { label: 'Safe', value: shortenAddress(safe.address) },
            { label: 'Part', value: `${asked.part} of ${parts.length}` },
            { label: 'Transfers', value: formatCount(asked.count - asked.paid) },
            { label: 'Total', value: formatUsdt(asked.total) },
          ]}
          consequence={proposalConsequence(detail)}
          confirmLabel={`Propose part ${asked.part}`}
          busy={proposing.isPending}
          onConfirm={() => proposing.mutate(asked.part, { onSuccess: () => setAsked(null) })}
          problem={proposing.error ? errorText(proposing.error) : null}
        />
      ) : null}
    </section>
  );
}
