import { formatCount, formatDateTime, formatUsdt, shortenHash } from '@uplink/contract/format';
import type { SafeProposal, SafeProposalState } from '@uplink/contract/payout-batches';
import { Badge, type BadgeTone } from '../../../components/badge';
import { ShortExplorerLink } from '../../../components/explorer-link';

const stateBadges: Record<SafeProposalState, { tone: BadgeTone; label: string }> = {
  QUEUED: { tone: 'amber', label: 'Queued in Safe' },
  EXECUTED: { tone: 'green', label: 'Executed' },
  REPLACED: { tone: 'grey', label: 'Replaced' },
  FAILED: { tone: 'red', label: 'Failed' },
};

/** The transaction in Safe{Wallet}'s own screens, where the owners confirm and execute it. */
export const safeWalletTransactionUrl = ({
  safeAddress,
  safeTxHash,
}: Pick<SafeProposal, 'safeAddress' | 'safeTxHash'>) =>
  `https://app.safe.global/transactions/tx?safe=bnb:${safeAddress}&id=multisig_${safeAddress}_${safeTxHash}`;

/**
 * One part proposed to the treasury Safe: its state as the chain last showed it, its nonce,
 * transfers and total, the owners' confirmations while it is queued, its safeTxHash with a link
 * into Safe{Wallet}, and the transaction that executed or replaced it.
 */
export function SafeProposalSummary({ proposal }: { proposal: SafeProposal }) {
  const badge = stateBadges[proposal.state];
  return (
    <div className="space-y-1 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium text-slate-900 tabular-nums">{`Nonce ${proposal.nonce}`}</span>
        <Badge tone={badge.tone} dot>
          {badge.label}
        </Badge>
      </div>
      <p className="text-slate-600">
        {`${formatCount(proposal.transfers, ['transfer', 'transfers'])}, ${formatUsdt(proposal.total)} · proposed ${formatDateTime(proposal.proposedAt)}`}
      </p>
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
