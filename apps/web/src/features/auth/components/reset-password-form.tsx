import type { ResetPasswordForm as ResetValues } from '@pet-haven/shared/auth';
import { accountMessages } from '../lib/account-messages';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { ErrorText } from '@/components/ui/error-text';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { lazyResolver } from '@/lib/lazy-resolver';
import { resetPassword } from '../api/reset-password';
import { useAuthForm } from '../hooks/use-auth-form';
import { AUTH_LINK_CLASS } from '../lib/link-class';

const resolver = lazyResolver<ResetValues>(async () => {
  const [{ zodResolver }, { resetPasswordFormSchema }] = await Promise.all([
    import('@hookform/resolvers/zod'),
    import('@pet-haven/shared/auth'),
  ]);
  return zodResolver(resetPasswordFormSchema);
});

function InvalidLink() {
  return (
    <div className="space-y-4">
      <ErrorText>{accountMessages.invalidResetLink}</ErrorText>
      <p className="text-center text-sm">
        <Link to="/forgot-password" className={AUTH_LINK_CLASS}>
          Ask for a new link
        </Link>
      </p>
    </div>
  );
}

interface ResetPasswordFormProps {
  /** The token of the mailed link, or null when the link was refused (used, expired, broken). */
  token: string | null;
  onSuccess: () => void;
}

/** The new password (sign-up rules, typed twice), set with the token of the mailed link. */
export function ResetPasswordForm({ token, onSuccess }: ResetPasswordFormProps) {
  const [linkRefused, setLinkRefused] = useState(token === null);
  const { register, errors, frame } = useAuthForm<ResetValues>({
    resolver,
    defaultValues: { password: '', confirmPassword: '' },
    submit: async ({ password }) => {
      const failure = await resetPassword(token ?? '', password);
      if (!failure) {
        onSuccess();
        return null;
      }
      if (failure.kind === 'invalid-link') setLinkRefused(true);
      return failure.fields?.password ?? failure.message;
    },
  });

  if (linkRefused) return <InvalidLink />;
  return (
    <form
      onSubmit={frame.onSubmit}
      onFocus={frame.onFocus}
      noValidate
      className="space-y-4"
      aria-label="Choose a new password"
    >
      <FormField label="New password" error={errors.password?.message}>
        <Input type="password" autoComplete="new-password" {...register('password')} />
      </FormField>
      <FormField label="Confirm Password" error={errors.confirmPassword?.message}>
        <Input type="password" autoComplete="new-password" {...register('confirmPassword')} />
      </FormField>
      <ErrorText>{frame.failure}</ErrorText>
      <Button type="submit" className="w-full" loading={frame.submitting}>
        Save new password
      </Button>
    </form>
  );
}
