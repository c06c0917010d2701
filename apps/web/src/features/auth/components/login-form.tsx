import type { LoginForm as LoginValues } from '@pet-haven/shared/auth';
import { Link } from 'react-router';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { lazyResolver } from '@/lib/lazy-resolver';
import { useAuth } from '../hooks/use-auth';
import { useAuthForm } from '../hooks/use-auth-form';
import { AuthForm } from './auth-form';
import { EmailField } from './email-field';

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
  const { register, errors, frame, watch } = useAuthForm<LoginValues>({
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

  return (
    <AuthForm screen="login" returnTo={returnTo} {...frame}>
      <EmailField error={errors.email?.message} {...register('email')} />
      <FormField label="Password" error={errors.password?.message}>
        <Input type="password" autoComplete="current-password" {...register('password')} />
      </FormField>
      <p className="-mt-2 text-right text-sm">
        <Link
          to="/forgot-password"
          state={{ email: watch('email') }}
          className="font-semibold text-brand-700 underline-offset-2 hover:underline dark:text-accent-300"
        >
          Forgot password?
        </Link>
      </p>
    </AuthForm>
  );
}
