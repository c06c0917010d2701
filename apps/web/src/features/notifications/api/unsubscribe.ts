import type { UnsubscribeAnswer } from '@pet-haven/shared/notifications';
import { api } from '@/lib/api-client';
import { useApiMutation } from '@/lib/mutations';
import { notificationSettingsKey } from './notification-settings';

/** POST /api/notifications/unsubscribe?token=...: the link of a notification mail, no sign-in. */
export const useUnsubscribe = () =>
  useApiMutation({
    mutationFn: (token: string) =>
      api<UnsubscribeAnswer>('/notifications/unsubscribe', {
        method: 'POST',
        query: { token },
        anonymous: true,
      }),
    invalidates: [notificationSettingsKey],
  });
