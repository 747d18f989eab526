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
 * The batch's parts proposed to the treasury Safe: per part its state as the chain last showed
 * it, its nonce, transfers and total, its safeTxHash with a link into Safe{Wallet}, and the
 * transaction that executed or replaced it. Nothing when none was proposed.
 */
export function SafeProposals({ proposals }: { proposals: readonly SafeProposal[] }) {
  if (proposals.length === 0) return null;
  return (
    <section aria-labelledby="safe-proposals-title" className="space-y-3">
      <h3 id="safe-proposals-title" className="font-semibold text-slate-900 text-sm">
        Safe
      </h3>
      <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
        {proposals.map((proposal) => {
          const badge = stateBadges[proposal.state];
          return (
            <li key={proposal.safeTxHash} className="space-y-1 px-4 py-3 text-sm">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-medium text-slate-900">{`Part ${proposal.part} · nonce ${proposal.nonce}`}</span>
                <Badge tone={badge.tone} dot>
                  {badge.label}
                </Badge>
              </div>
              <p className="text-slate-600">
                {`${formatCount(proposal.transfers, ['transfer', 'transfers'])}, ${formatUsdt(proposal.total)} · proposed ${formatDateTime(proposal.proposedAt)}`}
              </p>
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
            </li>
          );
        })}
      </ul>
    </section>
  );
}
