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
  distributed: false,
};

/** The dialog on cycle 46, its statement from the exchange. */
async function openFromTheExchange() {
  const { user } = renderScreen(
    <RunRewardCycleDialog
      open
      lastFinishedCycle={lastFinishedCycle}
      nextCycle={46}
      onClose={() => undefined}
      onRun={vi.fn()}
    />,
  );
  const dialog = screen.getByRole('dialog', { name: 'Run a reward cycle' });
  await user.click(within(dialog).getByLabelText('From the exchange'));
  return { user, dialog };
}

describe("'Run a cycle' from the exchange", () => {
  it('previews what the exchange reports before the run, and its confirmation names the amounts', async () => {
    const previews: unknown[] = [];
    onApi(
      'post',
      '/rewards/admin/cycles/preview',
      { request: rewardCycleRunRequestSchema, response: rewardCyclePreviewSchema },
      ({ body }) => {
        previews.push(body);
        return {
          cycle: 46,
          startsAt: lastFinishedCycle.startsAt,
          endsAt: lastFinishedCycle.endsAt,
          alreadyDistributed: false,
          inputCount: 3,
          matchedCount: 2,
          unknownUids: ['99999999999901'],
          unknownCount: 1,
          totalMasterAmount: 100,
          rewardsToWrite: 2,
          totalToPay: 5,
          totalToLock: 2,
        };
      },
    );
    const runs: unknown[] = [];
    onApi('post', '/rewards/admin/cycles', { request: rewardCycleRunRequestSchema }, ({ body }) => {
      runs.push(body);
      return refusal(409, 'REWARD_CYCLE_BUSY', 'A reward cycle is being previewed or run right now.');
    });
    const { user, dialog } = await openFromTheExchange();
    expect(within(dialog).queryByRole('button', { name: /^Run cycle/ })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));

    const preview = await within(dialog).findByRole('region', { name: 'Preview of cycle #46' });
    expect(previews).toEqual([{ cycle: 46, source: 'exchange' }]);
    expect(preview.textContent).toContain('Rewards to write2');
    expect(preview.textContent).toContain('Matched to members2');
    expect(preview.textContent).toContain('5.00 USDT');
    expect(preview.textContent).toContain('99999999999901');
    await user.click(within(dialog).getByRole('button', { name: 'Run cycle #46' }));

    const confirm = await screen.findByRole('dialog', { name: 'Run cycle #46?' });
    expect(confirm.textContent).toContain('From the exchange, 3 entries');
    expect(confirm.textContent).toContain('read again from the exchange as the run starts');
    expect(runs).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Distribute 7.00 USDT' }));
    await within(confirm).findByRole('alert');
    expect(runs).toEqual([{ cycle: 46, source: 'exchange' }]);
  });

  it('says in words why the exchange could not be read, and offers no Run', async () => {
    onApi('post', '/rewards/admin/cycles/preview', { response: rewardCyclePreviewSchema }, () =>
      refusal(503, 'EXCHANGE_UNAVAILABLE', 'The exchange is not answering right now. Please try again in a minute.'),
    );
    const { user, dialog } = await openFromTheExchange();
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'The exchange is not answering right now. Please try again in a minute.',
    );
    expect(within(dialog).queryByRole('button', { name: /^Run cycle/ })).toBeNull();
  });
});
