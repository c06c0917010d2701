import type { NotificationSettings } from '@pet-haven/shared/notifications';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useApiMutation } from '@/lib/mutations';
import { queryRoots } from '@/lib/query-keys';

/** The key of the caller's notification settings. */
export const notificationSettingsKey = [...queryRoots.notifications, 'settings'] as const;

/** GET /api/user/notifications: which kinds of notification mail go to the caller. */
export const useNotificationSettings = () =>
  useQuery(
    queryOptions({
      queryKey: notificationSettingsKey,
      queryFn: ({ signal }) => api<NotificationSettings>('/user/notifications', { signal }),
    }),
  );

/** PUT /api/user/notifications: every topic at once; the screen shows what the server answers. */
export const useSaveNotificationSettings = () =>
  useApiMutation({
    mutationFn: (settings: NotificationSettings) =>
      api<NotificationSettings>('/user/notifications', { method: 'PUT', json: settings }),
    update: (queryClient, saved) => queryClient.setQueryData(notificationSettingsKey, saved),
    invalidates: [notificationSettingsKey],
  });
