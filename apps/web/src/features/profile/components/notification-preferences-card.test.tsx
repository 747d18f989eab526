import { screen } from '@testing-library/react';
import {
  type NotificationPreferences,
  notificationPreferencesSchema,
  notificationPreferencesUpdateSchema,
} from '@uplink/contract/notifications';
import { describe, expect, it } from 'vitest';
import { onApi } from '../../../testing/api-server';
import { renderScreen } from '../../../testing/render-screen';
import { NotificationPreferencesCard } from './notification-preferences-card';

describe('the e-mail notices card on /profile', () => {
  it('shows a switch per notice and saves a change at once', async () => {
    let stored: NotificationPreferences = {
      rewardLocked: true,
      forfeitWarning: true,
      cycleSummary: false,
      subscriptionEnding: true,
      invitationReminder: true,
    };
    const updates: unknown[] = [];
    onApi('get', '/users/notifications', { response: notificationPreferencesSchema }, () => stored);
    onApi(
      'put',
      '/users/notifications',
      { request: notificationPreferencesUpdateSchema, response: notificationPreferencesSchema },
      ({ body }) => {
        updates.push(body);
        stored = { ...stored, ...body };
        return stored;
      },
    );
    const { user } = renderScreen(<NotificationPreferencesCard />);
    const forfeit = await screen.findByRole('switch', { name: 'Forfeit warnings' });
    expect(forfeit.getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('switch', { name: 'Cycle summary' }).getAttribute('aria-checked')).toBe('false');
    await user.click(forfeit);
    await expect
      .poll(() => screen.getByRole('switch', { name: 'Forfeit warnings' }).getAttribute('aria-checked'))
      .toBe('false');
    expect(updates).toEqual([{ forfeitWarning: false }]);
  });
});
