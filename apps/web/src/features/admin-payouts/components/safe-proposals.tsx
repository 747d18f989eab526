import { formatCount, formatDateTime, formatUsdt, shortenHash } from '@uplink/contract/format';
import type { PayoutBatchDetail, SafeProposal, SafeProposalState } from '@uplink/contract/payout-batches';
import { Badge, type BadgeTone } from '../../../components/badge';
import { ShortExplorerLink } from '../../../components/explorer-link';

const stateBadges: Record<SafeProposalState, { tone: BadgeTone; label: string }> = {
  QUEUED: { tone: 'amber', label: 'Queued in Safe' },
  EXECUTED: { tone: 'green', label: 'Executed' },
  REPLACED: { tone: 'grey', label: 'Replaced' },
  FAILED: { tone: 'red', label: 'Failed' },
};

/** A proposal that pays its part or may still: the part is not proposed again while one stands. */
export const standsInSafe = (proposal: SafeProposal) => proposal.state === 'QUEUED' || proposal.state === 'EXECUTED';

/** Whether the payment under way was proposed to the Safe: it is paid there, never from a downloaded file as well. */
export function proposedInThisPayment({ batch, safeProposals }: PayoutBatchDetail): boolean {
  const payment = batch.payment;
  if (payment === null) return false;
  return safeProposals.some(
    (proposal) => standsInSafe(proposal) && Date.parse(proposal.proposedAt) >= Date.parse(payment.startedAt),
  );
}

/** The transaction in Safe{Wallet}'s own screens, where the owners confirm and execute it. */
export const safeWalletTransactionUrl = ({
  safeAddress,
  safeTxHash,
}: Pick<SafeProposal, 'safeAddress' | 'safeTxHash'>) =>
  `https://app.safe.global/transactions/tx?safe=bnb:${safeAddress}&id=multisig_${safeAddress}_${safeTxHash}`;

/**
 * One part proposed to the treasury Safe: its state as the chain last showed it, its nonce, its
 * transfers and total where they are not the part's (`partTransfers`), the owners' confirmations while it is queued, its safeTxHash with a link
 * into Safe{Wallet}, and the transaction that executed or replaced it.
 */
export function SafeProposalSummary({ proposal, partTransfers }: { proposal: SafeProposal; partTransfers?: number }) {
  const badge = stateBadges[proposal.state];
  // Transfers seen paid before it was proposed were left out of it: then it says what it pays.
  const transfersDiffer = proposal.transfers !== partTransfers;
  return (
    <div className="space-y-1 border-slate-200 border-l-2 pl-3 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="text-slate-600">
          <span className="font-medium text-slate-900 tabular-nums">{`Nonce ${proposal.nonce}`}</span>
          {` · proposed ${formatDateTime(proposal.proposedAt)}`}
        </span>
        <Badge tone={badge.tone} dot>
          {badge.label}
        </Badge>
      </div>
      {transfersDiffer ? (
        <p className="text-slate-600">{`${formatCount(proposal.transfers, ['transfer', 'transfers'])}, ${formatUsdt(proposal.total)}`}</p>
      ) : null}
      {proposal.confirmations !== null && proposal.threshold !== null ? (
        <p className="text-slate-700 tabular-nums">{`${proposal.confirmations} of ${proposal.threshold} owners' confirmations`}</p>
      ) : null}
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="font-mono text-slate-700" title={proposal.safeTxHash}>
          {shortenHash(proposal.safeTxHash)}
        </span>
        <a
          className="font-medium text-brand-700 underline-offset-2 hover:underline"
          href={safeWalletTransactionUrl(proposal)}
          target="_blank"
          rel="noreferrer"
        >
          Open in Safe{'{Wallet}'}
        </a>
        {proposal.transactionHash ? <ShortExplorerLink transaction={proposal.transactionHash} /> : null}
      </p>
    </div>
  );
}
