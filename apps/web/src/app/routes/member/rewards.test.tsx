import { screen, within } from '@testing-library/react';
import { memberRewardsSchema } from '@uplink/contract/member-rewards';
import { rewardStatsSchema } from '@uplink/contract/reward-stats';
import { describe, expect, it, vi } from 'vitest';
import { onApi } from '../../../testing/api-server';
import { renderScreen } from '../../../testing/render-screen';
import { anAdministrator, rewardStatsWith } from '../../../testing/sample-data';
import { answerWithdrawals, rightCode } from '../../../testing/withdrawal-api';
import RewardsPage from './rewards';

const wallet = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

describe('a withdrawal from the rewards screen', () => {
  it('confirms the request and opens the Withdrawal History on its new Pending row', async () => {
    const requested = answerWithdrawals();
    onApi('get', '/rewards/stats/:id', { response: rewardStatsSchema }, () => rewardStatsWith(12.34));
    onApi('get', '/rewards/user', { response: memberRewardsSchema }, () => ({
      rewards: [],
      pagination: { currentPage: 1, totalPages: 0, totalRecords: 0, limit: 10, hasNext: false, hasPrev: false },
    }));
    const { user, location } = renderScreen(<RewardsPage />, {
      path: '/rewards',
      signedInAs: anAdministrator({ _id: 'member-1', isAdmin: false }),
    });
    expect((await screen.findByRole('tab', { name: 'Rewards History' })).getAttribute('aria-selected')).toBe('true');

    const request = await screen.findByRole('button', { name: 'Request Withdrawal' });
    await vi.waitFor(() => expect(request).toHaveProperty('disabled', false));
    await user.click(request);
    const details = await screen.findByRole('dialog', { name: 'Request Withdrawal' });
    await user.click(within(details).getByRole('button', { name: 'Max' }));
    await user.type(within(details).getByLabelText('Wallet address (BEP20)'), wallet);
    await user.click(within(details).getByRole('button', { name: 'Continue' }));
    const code = await screen.findByRole('dialog', { name: 'Enter your code' });
    await user.type(within(code).getByLabelText('One-time code'), rightCode);
    await user.click(within(code).getByRole('button', { name: 'Confirm withdrawal' }));

    const done = await screen.findByRole('dialog', { name: 'Withdrawal requested' });
    expect(within(done).getByText('12.34 USDT requested')).toBeTruthy();
    expect(requested.bodies).toMatchObject([{ amount: '12.34', walletAddress: wallet }]);
    await user.click(within(done).getByRole('button', { name: 'Done' }));

    expect(screen.getByRole('tab', { name: 'Withdrawal History' }).getAttribute('aria-selected')).toBe('true');
    expect(location().search).toBe('?tab=withdrawals');
    const table = await screen.findByRole('table', { name: 'Withdrawal history' });
    const [, row] = within(table).getAllByRole('row');
    expect(row?.textContent).toContain('12.34 USDT');
    expect(row?.textContent).toContain('Pending');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
