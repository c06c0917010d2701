import type { ChangePasswordForm as PasswordValues } from '@pet-haven/shared/auth';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorText } from '@/components/ui/error-text';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { lazyResolver } from '@/lib/lazy-resolver';
import { changePassword, sessionsKey } from '../api/account';
import { accountMessages } from '../lib/account-messages';
import { useAuthForm } from '../hooks/use-auth-form';

const resolver = lazyResolver<PasswordValues>(async () => {
  const [{ zodResolver }, { changePasswordFormSchema }] = await Promise.all([
    import('@hookform/resolvers/zod'),
    import('@pet-haven/shared/auth'),
  ]);
  return zodResolver(changePasswordFormSchema);
});

/** Profile: a new password, with the current one; other devices are signed out unless unticked. */
export function ChangePasswordForm() {
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState(false);
  const [signOutOthers, setSignOutOthers] = useState(true);
  const { form, register, errors, frame } = useAuthForm<PasswordValues>({
    resolver,
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    submit: async ({ currentPassword, newPassword }) => {
      setSaved(false);
      const failure = await changePassword(currentPassword, newPassword, signOutOthers);
      if (failure?.kind === 'wrong-password') return accountMessages.wrongCurrentPassword;
      if (failure) return failure.fields?.password ?? failure.message;
      form.reset();
      await queryClient.invalidateQueries({ queryKey: sessionsKey });
      setSaved(true);
      return null;
    },
  });
  return (
    <form
      onSubmit={frame.onSubmit}
      onFocus={frame.onFocus}
      noValidate
      className="space-y-4"
      aria-label="Change password"
    >
      <FormField label="Current password" error={errors.currentPassword?.message}>
        <Input type="password" autoComplete="current-password" {...register('currentPassword')} />
      </FormField>
      <FormField label="New password" error={errors.newPassword?.message}>
        <Input type="password" autoComplete="new-password" {...register('newPassword')} />
      </FormField>
      <FormField label="Confirm Password" error={errors.confirmPassword?.message}>
        <Input type="password" autoComplete="new-password" {...register('confirmPassword')} />
      </FormField>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="size-4 accent-brand-600"
          checked={signOutOthers}
          onChange={(e) => setSignOutOthers(e.target.checked)}
        />
        Sign out my other devices
      </label>
      <ErrorText>{frame.failure}</ErrorText>
      <div className="flex items-center gap-3">
        <Button type="submit" variant="secondary" loading={frame.submitting}>
          Change password
        </Button>
        {saved && (
          <p role="status" className="text-sm text-brand-700 dark:text-accent-300">
            Password changed.
          </p>
        )}
      </div>
    </form>
  );
}
