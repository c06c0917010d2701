import type { LoginForm as LoginValues } from '@pet-haven/shared/auth';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { ErrorText } from '@/components/ui/error-text';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { lazyResolver } from '@/lib/lazy-resolver';
import { requestSignInLink } from '../api/request-sign-in-link';
import { useAuth } from '../hooks/use-auth';
import { useAuthForm } from '../hooks/use-auth-form';
import { AuthForm } from './auth-form';
import { EmailField } from './email-field';
import { AUTH_LINK_CLASS } from '../lib/link-class';

// the schema (and zod) loads with the first check, not with the page (decision 022)
const resolver = lazyResolver<LoginValues>(async () => {
  const [{ zodResolver }, { loginFormSchema }] = await Promise.all([
    import('@hookform/resolvers/zod'),
    import('@pet-haven/shared/auth'),
  ]);
  return zodResolver(loginFormSchema);
});

interface LoginFormProps {
  /** Where to go after signing in (and where social sign-in returns to). */
  returnTo: string;
  onSuccess: () => void;
  /** A message to show on arrival (e.g. a failed social sign-in). */
  initialError?: string | null;
}

/** Spec sections 2, 5 and 8: e-mail, password, Log In, a 'Sign up' link, Google and GitHub. */
export function LoginForm({ returnTo, onSuccess, initialError = null }: LoginFormProps) {
  const { signInWithEmail } = useAuth();
  const [linkSentTo, setLinkSentTo] = useState<string | null>(null);
  const [linkFailure, setLinkFailure] = useState<string | null>(null);
  const [sendingLink, setSendingLink] = useState(false);
  const { form, register, errors, frame, watch } = useAuthForm<LoginValues>({
    resolver,
    defaultValues: { email: '', password: '' },
    initialError,
    submit: async (values) => {
      const result = await signInWithEmail(values.email.trim(), values.password);
      if (result) return result.message;
      onSuccess();
      return null;
    },
  });

  // the third way in: a link by e-mail, for the address typed above (checked like the form checks it)
  const emailMeALink = async () => {
    setLinkFailure(null);
    if (!(await form.trigger('email'))) return;
    const email = form.getValues('email').trim();
    setSendingLink(true);
    const failure = await requestSignInLink(email, returnTo);
    setSendingLink(false);
    if (failure) setLinkFailure(failure.message);
    else setLinkSentTo(email);
  };

  return (
    <AuthForm
      screen="login"
      returnTo={returnTo}
      {...frame}
      after={
        <div className="space-y-2 border-t border-slate-200 pt-4 dark:border-slate-700">
          {linkSentTo ? (
            <p role="status" className="text-sm text-slate-700 dark:text-slate-200">
              If an account uses {linkSentTo}, a sign-in link is on its way. It works once, for 15
              minutes.
            </p>
          ) : (
            <Button
              type="button"
              variant="secondary"
              className="w-full"
              loading={sendingLink}
              onClick={() => void emailMeALink()}
            >
              Email me a sign-in link
            </Button>
          )}
          <ErrorText>{linkFailure}</ErrorText>
        </div>
      }
    >
      <EmailField error={errors.email?.message} {...register('email')} />
      <FormField label="Password" error={errors.password?.message}>
        <Input type="password" autoComplete="current-password" {...register('password')} />
      </FormField>
      <p className="-mt-2 text-right text-sm">
        <Link to="/forgot-password" state={{ email: watch('email') }} className={AUTH_LINK_CLASS}>
          Forgot password?
        </Link>
      </p>
    </AuthForm>
  );
}
