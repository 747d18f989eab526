import { act, screen, within } from '@testing-library/react';
import { searchDebounceMs } from '@uplink/contract/constants';
import { createPayoutBatchSchema } from '@uplink/contract/payout-batches';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { onApi, refusal } from '../../../testing/api-server';
import {
  answerOneBatchAndNoUnmatchedTransfers,
  answerWithdrawalsToBatch,
  ids,
} from '../../../testing/payout-batch-api';
import { renderScreen } from '../../../testing/render-screen';
import { anAdministrator } from '../../../testing/sample-data';
import AdminWithdrawalsPage from './withdrawals';

/** The admin withdrawals list of `answerWithdrawalsToBatch`. Returns the batch requests the server received. */
function adminWithdrawalsList(at = '/admin/withdrawals') {
  const created = answerWithdrawalsToBatch();
  const rendered = renderScreen(<AdminWithdrawalsPage />, {
    path: '/admin/withdrawals',
    at,
    signedInAs: anAdministrator(),
  });
  return { ...rendered, created };
}

describe('creating a payout batch from the admin withdrawals list', () => {
  afterEach(() => vi.useRealTimers());

  it('batches the chosen pending rows, one by one or the whole page, confirmed with their count and exact total', async () => {
    const { user, created } = adminWithdrawalsList();
    await user.click(await screen.findByRole('checkbox', { name: 'Select the withdrawal of Ann Lee' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select the withdrawal of Bob Ray' }));
    // Only pending withdrawals can be batched; one a batch holds is marked so, for no other batch.
    expect(screen.queryByRole('checkbox', { name: 'Select the withdrawal of Cy Ray' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Select the withdrawal of Dee Ray' })).toBeNull();
    expect(screen.getAllByText('In a batch').length).toBeGreaterThan(0);
    expect(screen.getByText('2 withdrawals selected · 30.30 USDT')).toBeTruthy();
    // The page's box leaves every pending row of the page at once, and takes them all again.
    const page = screen.getByRole('checkbox', { name: 'Select the pending withdrawals on this page' });
    await user.click(page);
    expect(screen.getByRole('button', { name: 'Create batch' })).toHaveProperty('disabled', true);
    await user.click(page);
    expect(screen.getByRole('checkbox', { name: 'Select the withdrawal of Bob Ray' })).toHaveProperty('checked', true);
    await user.click(screen.getByRole('button', { name: 'Create batch' }));
    const dialog = screen.getByRole('dialog', { name: 'Create a payout batch' });
    expect(within(dialog).getByText('30.30 USDT')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Create batch of 2 withdrawals' }));

    expect((await screen.findByLabelText('Elsewhere')).textContent).toContain('/admin/withdrawals/batches/batch-7');
    expect(created).toEqual([{ withdrawalIds: [ids.ann, ids.bob] }]);
  });

  it('batches every pending withdrawal the search matches by sending the filter', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user, created } = adminWithdrawalsList();
    await user.type(await screen.findByLabelText('Search withdrawals'), ' ann ');
    // The search settles once typing pauses.
    await act(() => vi.advanceTimersByTimeAsync(searchDebounceMs));
    await user.click(await screen.findByRole('button', { name: 'Select all 7 pending matching the filter' }));
    expect(screen.getByText('All 7 withdrawals matching selected')).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Select the withdrawal of Ann Lee' })).toHaveProperty('checked', true);
    await user.click(screen.getByRole('button', { name: 'Create batch' }));
    const dialog = screen.getByRole('dialog', {
      name: 'Create a payout batch',
      description:
        'Every pending withdrawal matching “ann” that is in no open batch; those of members under risk review stay out.',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Create batch of 7 withdrawals' }));
    await screen.findByLabelText('Elsewhere');
    expect(created).toEqual([{ filter: { search: 'ann', status: 'PENDING' } }]);
  });

  it("shows the server's refusal, naming the withdrawal, and stays on the list", async () => {
    const { user } = adminWithdrawalsList();
    const text = 'The withdrawal of Ann Lee (20.10 USDT) is already in an open payout batch.';
    onApi('post', '/withdrawals/admin/batches', { request: createPayoutBatchSchema }, () =>
      refusal(409, 'WITHDRAWAL_ALREADY_BATCHED', text),
    );
    await user.click(await screen.findByRole('checkbox', { name: 'Select the withdrawal of Ann Lee' }));
    await user.click(screen.getByRole('button', { name: 'Create batch' }));
    const dialog = screen.getByRole('dialog', { name: 'Create a payout batch' });
    await user.click(within(dialog).getByRole('button', { name: 'Create batch of 1 withdrawal' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(`The batch was not created${text}`);
    expect(screen.queryByLabelText('Elsewhere')).toBeNull();
  });
});

describe('the Batches tab', () => {
  it('opens from its shareable address with the batches and the unmatched transfers', async () => {
    answerOneBatchAndNoUnmatchedTransfers();
    const { user, location } = adminWithdrawalsList('/admin/withdrawals?tab=batches');
    expect((await screen.findByRole('tab', { name: 'Batches' })).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByRole('table', { name: 'Payout batches' })).toBeTruthy();
    expect(await screen.findByText('No unmatched transfers')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'All withdrawals' }));
    expect(location().search).toBe('');
    expect(await screen.findByRole('table', { name: 'Withdrawals' })).toBeTruthy();
    expect(screen.queryByText('No unmatched transfers')).toBeNull();
  });
});
