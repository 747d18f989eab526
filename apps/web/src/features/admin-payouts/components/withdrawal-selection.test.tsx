import { screen, within } from '@testing-library/react';
import { riskTexts } from '@uplink/contract/risk-texts';
import type { AdminWithdrawal } from '@uplink/contract/withdrawals';
import { describe, expect, it } from 'vitest';
import { DataTable } from '../../../components/table';
import { answerWithdrawalsToBatch, ids } from '../../../testing/payout-batch-api';
import { renderScreen } from '../../../testing/render-screen';
import { anAdministrator, anAdminWithdrawal } from '../../../testing/sample-data';
import { BatchSelectionBar } from './batch-selection-bar';
import { selectionColumn, useWithdrawalSelection } from './withdrawal-selection';

/** The list's batching pieces around `rows`, as the admin withdrawals page composes them. */
function SelectableWithdrawals({ rows }: { rows: AdminWithdrawal[] }) {
  const selection = useWithdrawalSelection();
  return (
    <>
      <BatchSelectionBar selection={selection} rows={rows} search="" />
      <DataTable caption="Withdrawals" emptyTitle="No withdrawals" columns={[selectionColumn(selection)]} rows={rows} />
    </>
  );
}

describe('choosing withdrawals for a batch', () => {
  it('offers no box on the withdrawal of a member held by risk review, says why in its place and leaves it out of the page', async () => {
    const created = answerWithdrawalsToBatch();
    const held = anAdminWithdrawal({
      _id: '55555555-5555-4555-8555-555555555555',
      amount: 4,
      user: { _id: 'member-5', userId: 'UP1000045', firstName: 'Eve', lastName: 'Held', email: 'eve@example.com' },
      risk: { severity: 'HIGH', held: true, openEvents: 1, rules: ['SHARED_WITHDRAWAL_WALLET'] },
    });
    const { user } = renderScreen(
      <SelectableWithdrawals rows={[anAdminWithdrawal({ _id: ids.ann, amount: 20.1 }), held]} />,
      { path: '/admin/withdrawals', signedInAs: anAdministrator() },
    );

    // The server would refuse to batch it (MEMBER_UNDER_REVIEW), so the list never offers it.
    expect(screen.getByRole('checkbox', { name: 'Select the withdrawal of Ann Lee' })).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: 'Select the withdrawal of Eve Held' })).toBeNull();
    expect(screen.getAllByText(riskTexts.heldInPlace).length).toBeGreaterThan(0);
    await user.click(screen.getByRole('checkbox', { name: 'Select the pending withdrawals on this page' }));
    expect(screen.getByText('1 withdrawal selected · 20.10 USDT')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Create batch' }));
    const dialog = screen.getByRole('dialog', { name: 'Create a payout batch' });
    await user.click(within(dialog).getByRole('button', { name: 'Create batch of 1 withdrawal' }));
    await screen.findByLabelText('Elsewhere');
    expect(created).toEqual([{ withdrawalIds: [ids.ann] }]);
  });
});
