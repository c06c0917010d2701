import { DashboardTab } from '@/components/layouts/dashboard-tab';
import { NotificationSettingsForm } from '@/features/notifications/components/notification-settings-form';

/** /dashboard/profile: the account's settings. */
export function Component() {
  return (
    <DashboardTab
      title="Profile"
      description="Your account and the e-mails we send you."
      className="max-w-3xl space-y-8"
    >
      <section aria-labelledby="profile-notifications" className="space-y-3">
        <h3 id="profile-notifications" className="text-lg font-semibold">
          E-mail notifications
        </h3>
        <NotificationSettingsForm />
      </section>
    </DashboardTab>
  );
}
