import { DashboardTab } from '@/components/layouts/dashboard-tab';
import { ChangeEmailForm } from '@/features/auth/components/change-email-form';
import { ChangePasswordForm } from '@/features/auth/components/change-password-form';
import { DeleteAccount } from '@/features/auth/components/delete-account';
import { DeviceSessions } from '@/features/auth/components/device-sessions';
import { DownloadMyData } from '@/features/auth/components/download-my-data';
import { ProfileDetailsForm } from '@/features/auth/components/profile-details-form';
import { NotificationSettingsForm } from '@/features/notifications/components/notification-settings-form';
import { SavedSearchesList } from '@/features/saved-searches/components/saved-searches-list';
import type { ReactNode } from 'react';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <h3 id={id} className="text-lg font-semibold">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** /dashboard/profile: the account's settings. */
export function Component() {
  return (
    <DashboardTab
      title="Profile"
      description="Your account, your saved searches and the e-mails we send you."
      className="max-w-3xl space-y-6"
    >
      <Section id="profile-details" title="Name and photo">
        <ProfileDetailsForm />
      </Section>
      <Section id="profile-email" title="E-mail address">
        <ChangeEmailForm />
      </Section>
      <Section id="profile-password" title="Password">
        <ChangePasswordForm />
      </Section>
      <Section id="profile-devices" title="Signed-in devices">
        <DeviceSessions />
      </Section>
      <Section id="profile-notifications" title="E-mail notifications">
        <NotificationSettingsForm />
      </Section>
      <Section id="profile-saved-searches" title="Saved searches">
        <SavedSearchesList />
      </Section>
      <Section id="profile-data" title="Your data">
        <DownloadMyData />
      </Section>
      <Section id="profile-delete" title="Delete my account">
        <DeleteAccount />
      </Section>
    </DashboardTab>
  );
}
