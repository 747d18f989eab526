import { screen } from '@testing-library/react';
import { errorTexts } from '@uplink/contract/error-codes';
import { describe, expect, it } from 'vitest';
import { RewardsOverview } from '../../../features/rewards/components/rewards-overview';
import { useWithdrawalModalOnDemand } from '../../../features/withdrawals/components/withdrawal-modal-on-demand';
import { renderScreen } from '../../../testing/render-screen';
import { rewardStatsWith } from '../../../testing/sample-data';

/** The rewards page's opener of the withdrawal form, with the form's code coming from `load`. */
function Opener({ load }: { load: () => Promise<unknown> }) {
  const withdrawal = useWithdrawalModalOnDemand(load);
  const stats = { data: rewardStatsWith(28.1), isPending: false, isError: false, refetch: () => undefined };
  return (
    <>
      <RewardsOverview
        stats={stats as never}
        onRequestWithdrawal={() => void withdrawal.request()}
        requestingWithdrawal={withdrawal.loading}
        withdrawalFormFailed={withdrawal.failed}
      />
      <output aria-label="Form">{withdrawal.open ? 'open' : 'closed'}</output>
    </>
  );
}

describe('the withdrawal form loaded on demand', () => {
  it('tells the member to check the connection when its code cannot be loaded, and opens on the next try', async () => {
    let attempts = 0;
    const load = async () => {
      attempts += 1;
      if (attempts === 1) throw new TypeError('Failed to fetch dynamically imported module');
    };
    const { user } = renderScreen(<Opener load={load} />);
    const button = screen.getByRole('button', { name: 'Request Withdrawal' });
    await user.click(button);
    expect((await screen.findByRole('alert')).textContent).toBe(errorTexts.NETWORK_ERROR);
    expect(screen.getByLabelText('Form').textContent).toBe('closed');

    await user.click(button);
    expect((await screen.findByText('open')).textContent).toBe('open');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
