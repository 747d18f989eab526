import type { NotificationPreferences, NotificationPreferencesUpdate } from '@uplink/contract/notifications';
import { api } from '../../../lib/api-client';
import { useMutation, useQuery, useQueryClient } from '../../../lib/query';

export const notificationPreferencesKeys = { all: ['notification-preferences'] as const };

/** GET /users/notifications: the member's notice switches. */
export async function getNotificationPreferences(signal?: AbortSignal): Promise<NotificationPreferences> {
  const { data } = await api.get<NotificationPreferences>('/users/notifications', { signal });
  return data;
}

/** PUT /users/notifications: the switches named change; the answer is all of them. */
export async function updateNotificationPreferences(update: NotificationPreferencesUpdate) {
  const { data } = await api.put<NotificationPreferences>('/users/notifications', update);
  return data;
}

export function useNotificationPreferences() {
  return useQuery({
    queryKey: notificationPreferencesKeys.all,
    queryFn: ({ signal }) => getNotificationPreferences(signal),
  });
}

export function useUpdateNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationPreferences,
    onSuccess: (preferences) => queryClient.setQueryData(notificationPreferencesKeys.all, preferences),
  });
}
