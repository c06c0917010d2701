import type { LoginForm as LoginValues } from '@pet-haven/shared/auth';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { ErrorText } from '@/components/ui/error-text';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { lazyResolver } from '@/lib/lazy-resolver';
import { useAuth } from '../hooks/use-auth';
import { AuthSwitch } from './auth-switch';

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
  const [failure, setFailure] = useState<string | null>(initialError);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginValues>({
    resolver,
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    const result = await signInWithEmail(values.email.trim(), values.password);
    if (result) {
      setFailure(result.message);
      return;
    }
    onSuccess();
  });

  return (
    <div className="space-y-6">
      <form
        onSubmit={onSubmit}
        onFocus={resolver.preload}
        noValidate
        className="space-y-4"
        aria-label="Log in"
      >
        <FormField label="Email" error={errors.email?.message}>
          <Input
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
            {...register('email')}
          />
        </FormField>
        <FormField label="Password" error={errors.password?.message}>
          <Input type="password" autoComplete="current-password" {...register('password')} />
        </FormField>
        <ErrorText>{failure}</ErrorText>
        <Button type="submit" className="w-full" loading={isSubmitting}>
          Log In
        </Button>
      </form>
      <AuthSwitch
        returnTo={returnTo}
        question="Don't have an account?"
        to="/register"
        linkText="Sign up"
      />
    </div>
  );
}
