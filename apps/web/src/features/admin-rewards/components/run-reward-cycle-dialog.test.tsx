import { screen, within } from '@testing-library/react';
import { rewardCyclePreviewSchema } from '@uplink/contract/rewards';
import { describe, expect, it, vi } from 'vitest';
import { onApi } from '../../../testing/api-server';
import { renderScreen } from '../../../testing/render-screen';
import { RunRewardCycleDialog } from './run-reward-cycle-dialog';

const lastFinishedCycle = {
  cycle: 46,
  startsAt: '2026-11-16T00:00:00.000Z',
  endsAt: '2026-11-23T00:00:00.000Z',
  distributed: true,
};

function openDialog() {
  const onRun = vi.fn();
  const rendered = renderScreen(
    <RunRewardCycleDialog open lastFinishedCycle={lastFinishedCycle} onClose={() => undefined} onRun={onRun} />,
  );
  return { ...rendered, onRun, dialog: screen.getByRole('dialog', { name: 'Run a reward cycle' }) };
}

describe("'Run a cycle' on a cycle already distributed", () => {
  it('previews the statement, says the cycle was distributed and offers no Run', async () => {
    onApi('post', '/rewards/admin/cycles/preview', { response: rewardCyclePreviewSchema }, () => ({
      cycle: 46,
      startsAt: lastFinishedCycle.startsAt,
      endsAt: lastFinishedCycle.endsAt,
      alreadyDistributed: true,
      inputCount: 1,
      matchedCount: 1,
      unknownUids: [],
      unknownCount: 0,
      totalMasterAmount: 1000,
      rewardsToWrite: 0,
      totalToPay: 0,
      totalToLock: 0,
    }));
    const { user, dialog } = openDialog();
    await user.upload(
      within(dialog).getByLabelText('Statement file (CSV)'),
      new File(['12345678,1000\n'], 'statement.csv', { type: 'text/csv' }),
    );
    await user.click(await within(dialog).findByRole('button', { name: 'Preview' }));

    const preview = await within(dialog).findByRole('region', { name: 'Preview of cycle #46' });
    expect(within(preview).getByText('Cycle #46 has already been distributed.')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: /^Run cycle/ })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Preview' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeTruthy();
  });

  it('from the exchange, offers no Run for the last cycle once it is distributed', async () => {
    const { user, dialog } = openDialog();
    await user.click(within(dialog).getByLabelText('From the exchange'));
    expect(within(dialog).getByText('Cycle #46 has already been distributed.')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: /^Run cycle/ })).toBeNull();
    await user.clear(within(dialog).getByLabelText('Cycle number'));
    await user.type(within(dialog).getByLabelText('Cycle number'), '45');
    expect(within(dialog).getByRole('button', { name: 'Run cycle #45' })).toBeTruthy();
  });
});
