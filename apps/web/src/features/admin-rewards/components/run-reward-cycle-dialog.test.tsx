import { screen, within } from '@testing-library/react';
import { rewardCyclePreviewSchema, rewardCycleRunRequestSchema } from '@uplink/contract/reward-runs';
import { describe, expect, it, vi } from 'vitest';
import { onApi, refusal } from '../../../testing/api-server';
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
    <RunRewardCycleDialog
      open
      lastFinishedCycle={lastFinishedCycle}
      nextCycle={47}
      onClose={() => undefined}
      onRun={onRun}
    />,
  );
  return { ...rendered, onRun, dialog: screen.getByRole('dialog', { name: 'Run a reward cycle' }) };
}

describe("'Run a cycle' on a cycle already distributed", () => {
  it('starts from the cycle after the newest distributed, saying while it has not ended', () => {
    const { dialog } = openDialog();
    expect((within(dialog).getByLabelText('Cycle number') as HTMLInputElement).value).toBe('47');
    expect(within(dialog).getByText('Cycle 47 has not ended yet; the last finished cycle is 46')).toBeTruthy();
  });

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
    await user.clear(within(dialog).getByLabelText('Cycle number'));
    await user.type(within(dialog).getByLabelText('Cycle number'), '46');
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
    await user.clear(within(dialog).getByLabelText('Cycle number'));
    await user.type(within(dialog).getByLabelText('Cycle number'), '46');
    await user.click(within(dialog).getByLabelText('From the exchange'));
    expect(within(dialog).getByText('Cycle #46 has already been distributed.')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: /^Run cycle/ })).toBeNull();
    await user.clear(within(dialog).getByLabelText('Cycle number'));
    await user.type(within(dialog).getByLabelText('Cycle number'), '45');
    expect(within(dialog).getByRole('button', { name: 'Preview' })).toBeTruthy();
  });
});

describe("'Run a cycle' asks before it distributes", () => {
  it('runs a previewed statement only once its confirmation, naming the cycle and the amounts, is given', async () => {
    const preview = {
      cycle: 45,
      startsAt: '2026-11-09T00:00:00.000Z',
      endsAt: '2026-11-16T00:00:00.000Z',
      alreadyDistributed: false,
      inputCount: 2,
      matchedCount: 2,
      unknownUids: [],
      unknownCount: 0,
      totalMasterAmount: 1000,
      rewardsToWrite: 7,
      totalToPay: 36.6047,
      totalToLock: 2.5,
    };
    onApi('post', '/rewards/admin/cycles/preview', { response: rewardCyclePreviewSchema }, () => preview);
    const runs: unknown[] = [];
    onApi('post', '/rewards/admin/cycles', { request: rewardCycleRunRequestSchema }, ({ body }) => {
      runs.push(body);
      return refusal(409, 'REWARD_CYCLE_BUSY', 'A reward cycle is being previewed or run right now.');
    });
    const { user, dialog } = openDialog();
    await user.clear(within(dialog).getByLabelText('Cycle number'));
    await user.type(within(dialog).getByLabelText('Cycle number'), '45');
    await user.upload(
      within(dialog).getByLabelText('Statement file (CSV)'),
      new File(['12345678,600\n22345678,400\n'], 'statement.csv', { type: 'text/csv' }),
    );
    await user.click(await within(dialog).findByRole('button', { name: 'Preview' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Run cycle #45' }));

    const confirm = await screen.findByRole('dialog', { name: 'Run cycle #45?' });
    expect(confirm.textContent).toContain('36.60 USDT');
    expect(confirm.textContent).toContain('2.50 USDT');
    expect(confirm.textContent).toContain('statement.csv, 2 entries');
    expect(runs).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Distribute 39.10 USDT' }));
    expect((await within(confirm).findByRole('alert')).textContent).toContain('being previewed or run right now');
    expect(runs).toHaveLength(1);
  });
});
