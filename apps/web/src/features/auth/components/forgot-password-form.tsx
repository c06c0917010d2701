import type { ForgotPasswordForm as ForgotValues } from '@pet-haven/shared/auth';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { ErrorText } from '@/components/ui/error-text';
import { lazyResolver } from '@/lib/lazy-resolver';
import { requestPasswordReset } from '../api/reset-password';
import { useAuthForm } from '../hooks/use-auth-form';
import { EmailField } from './email-field';
import { AUTH_LINK_CLASS } from '../lib/link-class';

const resolver = lazyResolver<ForgotValues>(async () => {
  const [{ zodResolver }, { forgotPasswordFormSchema }] = await Promise.all([
    import('@hookform/resolvers/zod'),
    import('@pet-haven/shared/auth'),
  ]);
  return zodResolver(forgotPasswordFormSchema);
});

/**
 * Forgot password: the account's e-mail, then the same answer whether an account uses it or not
 * (the server's answer is the same too), so the form tells nobody who has an account here.
 */
export function ForgotPasswordForm({ initialEmail = '' }: { initialEmail?: string }) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { register, errors, frame } = useAuthForm<ForgotValues>({
    resolver,
    defaultValues: { email: initialEmail },
    submit: async ({ email }) => {
      const failure = await requestPasswordReset(email.trim());
      if (failure) return failure.message;
      setSentTo(email.trim());
      return null;
    },
  });

  if (sentTo) {
    return (
      <div className="space-y-4">
        <p
          role="status"
          className="rounded-lg bg-brand-50 p-4 text-sm text-brand-900 dark:bg-slate-800 dark:text-slate-100"
        >
          If an account uses {sentTo}, an e-mail with a link to choose a new password is on its way.
          The link works once, for one hour.
        </p>
        <p className="text-center text-sm">
          <Link to="/login" className={AUTH_LINK_CLASS}>
            Back to Log in
          </Link>
        </p>
      </div>
    );
  }

  return (
    <div className="space-y-6">
      <form
        onSubmit={frame.onSubmit}
        onFocus={frame.onFocus}
        noValidate
        className="space-y-4"
        aria-label="Forgot password"
      >
        <EmailField error={errors.email?.message} {...register('email')} />
        <ErrorText>{frame.failure}</ErrorText>
        <Button type="submit" className="w-full" loading={frame.submitting}>
          Send reset link
        </Button>
      </form>
      <p className="text-center text-sm text-slate-600 dark:text-slate-300">
        Remembered it?{' '}
        <Link to="/login" className={AUTH_LINK_CLASS}>
          Log in
        </Link>
      </p>
    </div>
  );
}
