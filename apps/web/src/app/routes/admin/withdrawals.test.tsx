import { act, screen, within } from '@testing-library/react';
import { searchDebounceMs } from '@uplink/contract/constants';
import {
  type CreatePayoutBatchRequest,
  createPayoutBatchSchema,
  payoutBatchesSchema,
  payoutBatchSchema,
  unmatchedTransfersSchema,
} from '@uplink/contract/payout-batches';
import { type AdminWithdrawal, adminWithdrawalsSchema } from '@uplink/contract/withdrawals';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { onApi, refusal } from '../../../testing/api-server';
import { renderScreen } from '../../../testing/render-screen';
import { anAdministrator, anAdminWithdrawal, anAdminWithdrawalsPage, aPayoutBatch } from '../../../testing/sample-data';
import AdminWithdrawalsPage from './withdrawals';

const ids = {
  ann: '11111111-1111-4111-8111-111111111111',
  bob: '22222222-2222-4222-8222-222222222222',
  cy: '33333333-3333-4333-8333-333333333333',
};
const bob = { _id: 'member-2', userId: 'UP1000043', firstName: 'Bob', lastName: 'Ray', email: 'bob@example.com' };
const withdrawals: AdminWithdrawal[] = [
  anAdminWithdrawal({ _id: ids.ann, amount: 20.1 }),
  anAdminWithdrawal({ _id: ids.bob, amount: 10.2, user: bob }),
  anAdminWithdrawal({ _id: ids.cy, amount: 5, status: 'APPROVED', user: { ...bob, firstName: 'Cy' } }),
];

/**
 * The admin withdrawals list with three rows (two pending); a search for "ann" matches 7 pending
 * withdrawals in all. Returns the batch requests the server received.
 */
function adminWithdrawalsList(at = '/admin/withdrawals') {
  const created: CreatePayoutBatchRequest[] = [];
  onApi('get', '/withdrawals/admin/all', { response: adminWithdrawalsSchema }, ({ url }) => {
    if (url.searchParams.get('status') === 'PENDING') {
      return anAdminWithdrawalsPage([withdrawals[0] as AdminWithdrawal], url.searchParams.get('search') ? 7 : 2);
    }
    return anAdminWithdrawalsPage(withdrawals);
  });
  onApi(
    'post',
    '/withdrawals/admin/batches',
    { request: createPayoutBatchSchema, response: payoutBatchSchema },
    ({ body }) => {
      created.push(body);
      return aPayoutBatch({ _id: 'batch-7' });
    },
  );
  const rendered = renderScreen(<AdminWithdrawalsPage />, {
    path: '/admin/withdrawals',
    at,
    signedInAs: anAdministrator(),
  });
  return { ...rendered, created };
}

describe('creating a payout batch from the admin withdrawals list', () => {
  afterEach(() => vi.useRealTimers());

  it('batches the chosen pending rows, confirmed with their count and exact total', async () => {
    const { user, created } = adminWithdrawalsList();
    await user.click(await screen.findByRole('checkbox', { name: 'Select the withdrawal of Ann Lee' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select the withdrawal of Bob Ray' }));
    // Only pending withdrawals can be batched.
    expect(screen.queryByRole('checkbox', { name: 'Select the withdrawal of Cy Ray' })).toBeNull();
    expect(screen.getByText('2 withdrawals selected · 30.30 USDT')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Create batch' }));
    const dialog = screen.getByRole('dialog', { name: 'Create a payout batch' });
    expect(within(dialog).getByText('30.30 USDT')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Create batch of 2 withdrawals' }));

    expect((await screen.findByLabelText('Elsewhere')).textContent).toContain('/admin/withdrawals/batches/batch-7');
    expect(created).toEqual([{ withdrawalIds: [ids.ann, ids.bob] }]);
  });

  it('chooses and leaves every pending row of the page at once', async () => {
    const { user } = adminWithdrawalsList();
    const page = await screen.findByRole('checkbox', { name: 'Select the pending withdrawals on this page' });
    await user.click(page);
    expect(screen.getByRole('checkbox', { name: 'Select the withdrawal of Ann Lee' })).toHaveProperty('checked', true);
    expect(screen.getByRole('checkbox', { name: 'Select the withdrawal of Bob Ray' })).toHaveProperty('checked', true);
    expect(screen.getByText('2 withdrawals selected · 30.30 USDT')).toBeTruthy();
    await user.click(page);
    expect(screen.getByRole('button', { name: 'Create batch' })).toHaveProperty('disabled', true);
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
    const dialog = screen.getByRole('dialog', { name: 'Create a payout batch' });
    expect(within(dialog).getByText('Every pending withdrawal matching “ann” that is in no open batch.')).toBeTruthy();
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
    const noPages = {
      currentPage: 1,
      totalPages: 0,
      totalRecords: 0,
      limit: 20,
      hasNextPage: false,
      hasPrevPage: false,
    };
    onApi('get', '/withdrawals/admin/batches', { response: payoutBatchesSchema }, () => ({
      batches: [aPayoutBatch()],
      pagination: { ...noPages, totalPages: 1, totalRecords: 1, resultsCount: 1 },
    }));
    onApi('get', '/withdrawals/admin/unmatched-transfers', { response: unmatchedTransfersSchema }, () => ({
      transfers: [],
      pagination: { ...noPages, resultsCount: 0 },
    }));
    const { user, router } = adminWithdrawalsList('/admin/withdrawals?tab=batches');
    expect((await screen.findByRole('tab', { name: 'Batches' })).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByRole('table', { name: 'Payout batches' })).toBeTruthy();
    expect(await screen.findByText('No unmatched transfers')).toBeTruthy();

    await user.click(screen.getByRole('tab', { name: 'All withdrawals' }));
    expect(router.state.location.search).toBe('');
    expect(await screen.findByRole('table', { name: 'Withdrawals' })).toBeTruthy();
    expect(screen.queryByText('No unmatched transfers')).toBeNull();
  });
});
