import type { ChangeEmailForm as EmailValues } from '@pet-haven/shared/auth';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorText } from '@/components/ui/error-text';
import { lazyResolver } from '@/lib/lazy-resolver';
import { changeEmail } from '../api/account';
import { useAuthForm } from '../hooks/use-auth-form';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';

const resolver = lazyResolver<EmailValues>(async () => {
  const [{ zodResolver }, { changeEmailFormSchema }] = await Promise.all([
    import('@hookform/resolvers/zod'),
    import('@pet-haven/shared/auth'),
  ]);
  return zodResolver(changeEmailFormSchema);
});

/** Profile: a new e-mail address, which its own mail confirms (the old one stays until then). */
export function ChangeEmailForm() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { register, errors, frame } = useAuthForm<EmailValues>({
    resolver,
    defaultValues: { newEmail: '' },
    submit: async ({ newEmail }) => {
      const failure = await changeEmail(newEmail.trim());
      if (failure) return failure.message;
      setSentTo(newEmail.trim());
      return null;
    },
  });
  return (
    <form
      onSubmit={frame.onSubmit}
      onFocus={frame.onFocus}
      noValidate
      className="space-y-4"
      aria-label="Change e-mail"
    >
      <FormField label="New e-mail address" error={errors.newEmail?.message}>
        <Input type="email" autoComplete="email" {...register('newEmail')} />
      </FormField>
      <ErrorText>{frame.failure}</ErrorText>
      <Button type="submit" variant="secondary" loading={frame.submitting}>
        Change e-mail
      </Button>
      {sentTo && (
        <p role="status" className="text-sm">
          We sent a link to {sentTo}. Your address changes when you open it.
        </p>
      )}
    </form>
  );
}
