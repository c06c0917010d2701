import {
  type NotificationSettings,
  notificationTopicLabels,
  notificationTopics,
} from '@pet-haven/shared/notifications';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorText } from '@/components/ui/error-text';
import { Skeleton } from '@/components/ui/skeleton';
import { useNotificationSettings, useSaveNotificationSettings } from '../api/notification-settings';

/**
 * The profile's e-mail notifications: a checkbox per kind, saved together. Security mail
 * (verification, password reset, sign-in links) and donation receipts always go, as it says.
 */
export function NotificationSettingsForm() {
  const settings = useNotificationSettings();
  const save = useSaveNotificationSettings();
  const [draft, setDraft] = useState<NotificationSettings | null>(null);
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    if (settings.data) setDraft(settings.data);
  }, [settings.data]);

  if (settings.isError) return <ErrorText>Failed to load your notification settings.</ErrorText>;
  if (!draft) return <Skeleton className="h-32 w-full" />;
  return (
    <form
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        setSaved(false);
        save.mutate(draft, { onSuccess: () => setSaved(true) });
      }}
    >
      <fieldset className="space-y-3">
        <legend className="mb-2 text-sm text-slate-600 dark:text-slate-300">
          Send me an e-mail when:
        </legend>
        {notificationTopics.map((topic) => (
          <label key={topic} className="flex items-start gap-3 text-sm">
            <input
              type="checkbox"
              className="mt-0.5 size-4 accent-brand-600"
              checked={draft[topic]}
              onChange={(e) => {
                setSaved(false);
                setDraft({ ...draft, [topic]: e.target.checked });
              }}
            />
            <span>{notificationTopicLabels[topic]}</span>
          </label>
        ))}
      </fieldset>
      <p className="text-xs text-slate-600 dark:text-slate-300">
        Mail about your account's security (confirmation, password and sign-in links) and receipts
        for your donations are always sent.
      </p>
      <div className="flex items-center gap-3">
        <Button type="submit" loading={save.isPending}>
          Save notification settings
        </Button>
        {saved && (
          <p role="status" className="text-sm text-brand-700 dark:text-accent-300">
            Saved.
          </p>
        )}
      </div>
      <ErrorText>{save.isError ? 'Failed to save your notification settings.' : null}</ErrorText>
    </form>
  );
}
