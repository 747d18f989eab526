import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../testing/render-screen';
import { StatusChangeDialogs, type StatusChangeTarget } from './status-change-dialogs';

function renderDialogs(member: StatusChangeTarget | null) {
  return renderScreen(
    <StatusChangeDialogs
      member={member}
      onClose={() => undefined}
      onChanged={() => undefined}
      onFailed={() => undefined}
    />,
  );
}

describe('the edit-status dialog', () => {
  it('offers only the statuses the member does not have, the first one chosen', async () => {
    renderDialogs({ _id: 'u1', name: 'Ann Lee', userId: 'UP1000042', status: 'LOCKED' });
    const dialog = await screen.findByRole('dialog', { name: 'Edit user status' });
    const choice = within(dialog).getByLabelText('New status') as HTMLSelectElement;
    expect([...choice.options].map((option) => option.value)).toEqual(['ACTIVE', 'DISABLED']);
    expect(choice.value).toBe('ACTIVE');
    expect(within(dialog).getByRole('button', { name: 'Update Status' })).toHaveProperty('disabled', false);
  });

  it('shows nothing while no member is being edited', async () => {
    renderDialogs(null);
    expect(await screen.findAllByRole('dialog', { hidden: true })).toHaveLength(2);
    expect(document.body.textContent).not.toContain('Update Status');
  });
});
