import { render, screen, within } from '@testing-library/react';
import type { SafeProposal } from '@uplink/contract/payout-batches';
import { describe, expect, it } from 'vitest';
import { SafeProposals, safeWalletTransactionUrl } from './safe-proposals';

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
  ...change,
});

describe('the batch page’s Safe section', () => {
  it('shows each proposed part’s state, nonce and a link to it in Safe{Wallet}', () => {
    const executed = proposal({
      part: 2,
      nonce: '5',
      safeTxHash: `0x${'cd'.repeat(32)}`,
      state: 'EXECUTED',
      transactionHash: `0x${'ef'.repeat(32)}`,
    });
    render(<SafeProposals proposals={[proposal({}), executed]} />);
    const items = within(screen.getByRole('region', { name: 'Safe' })).getAllByRole('listitem');
    expect(items[0]?.textContent).toContain('Part 1 · nonce 4');
    expect(items[0]?.textContent).toContain('Queued in Safe');
    expect(items[0]?.textContent).toContain('2 transfers');
    expect(
      within(items[0] as HTMLElement)
        .getByRole('link', { name: 'Open in Safe{Wallet}' })
        .getAttribute('href'),
    ).toBe(
      `https://app.safe.global/transactions/tx?safe=bnb:${safeAddress}&id=multisig_${safeAddress}_0x${'ab'.repeat(32)}`,
    );
    expect(items[1]?.textContent).toContain('Executed');
    expect(within(items[1] as HTMLElement).getAllByRole('link')).toHaveLength(2);
    expect(safeWalletTransactionUrl(executed)).toContain(`multisig_${safeAddress}_0x${'cd'.repeat(32)}`);
  });

  it('is absent when no part was proposed', () => {
    const { container } = render(<SafeProposals proposals={[]} />);
    expect(container.innerHTML).toBe('');
  });
});
