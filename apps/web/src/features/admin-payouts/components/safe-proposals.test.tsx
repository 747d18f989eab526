import { render, screen } from '@testing-library/react';
import type { SafeProposal } from '@uplink/contract/payout-batches';
import { describe, expect, it } from 'vitest';
import { SafeProposalSummary, safeWalletTransactionUrl } from './safe-proposals';

const safeAddress = '0xf304b4d403855d4888ccfb09a49ce850c0677d1b';
const proposal = (change: Partial<SafeProposal>): SafeProposal => ({
  part: 1,
  safeAddress,
  safeTxHash: `0x${'ab'.repeat(32)}`,
  nonce: '4',
  transfers: 2,
  total: 23,
  state: 'QUEUED',
  proposedAt: '2026-12-06T15:00:00.000Z',
  transactionHash: null,
  confirmations: null,
  threshold: null,
  ...change,
});

describe('a part proposed to the Safe', () => {
  it('links its safeTxHash into Safe{Wallet}, and once executed the transaction that did it', () => {
    const executed = proposal({
      safeTxHash: `0x${'cd'.repeat(32)}`,
      state: 'EXECUTED',
      transactionHash: `0x${'ef'.repeat(32)}`,
    });
    const { container } = render(<SafeProposalSummary proposal={executed} />);
    expect(container.textContent).toContain('Executed');
    expect(container.textContent).toContain('2 transfers, 23.00 USDT');
    expect(container.textContent).not.toContain('confirmations');
    expect(screen.getByRole('link', { name: 'Open in Safe{Wallet}' }).getAttribute('href')).toBe(
      `https://app.safe.global/transactions/tx?safe=bnb:${safeAddress}&id=multisig_${safeAddress}_0x${'cd'.repeat(32)}`,
    );
    expect(screen.getAllByRole('link')).toHaveLength(2);
    expect(safeWalletTransactionUrl(executed)).toContain(`multisig_${safeAddress}_0x${'cd'.repeat(32)}`);
  });

  it('counts the owners’ confirmations while queued, when the service gave them', () => {
    const { container } = render(<SafeProposalSummary proposal={proposal({ confirmations: 0, threshold: 2 })} />);
    expect(container.textContent).toContain('Queued in Safe');
    expect(container.textContent).toContain("0 of 2 owners' confirmations");
    expect(screen.getAllByRole('link')).toHaveLength(1);
  });
});
