import { zodResolver } from '@hookform/resolvers/zod';
import { registerFormSchema, type RegisterForm as RegisterValues } from '@pet-haven/shared/auth';
import { messages } from '@pet-haven/shared/messages';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { ErrorText } from '@/components/ui/error-text';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { saveUser } from '../api/save-user';
import { useAuth } from '../hooks/use-auth';
import { authMessages } from '../lib/auth-errors';
import { SocialButtons } from './social-buttons';

const empty: RegisterValues = {
  displayName: '',
  email: '',
  photoURL: '',
  password: '',
  confirmPassword: '',
};

interface RegisterFormProps {
  returnTo: string;
  onSuccess: () => void;
}

/**
 * Spec sections 2, 5 and 8: sign up -> token -> POST /api/users { displayName, email, photoURL },
 * then 'Account created successfully!', the form resets and the user goes on.
 */
export function RegisterForm({ returnTo, onSuccess }: RegisterFormProps) {
  const { signUpWithEmail } = useAuth();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RegisterValues>({ resolver: zodResolver(registerFormSchema), defaultValues: empty });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    const created = await signUpWithEmail({
      displayName: values.displayName,
      email: values.email,
      photoURL: values.photoURL,
      password: values.password,
    });
    if (created) {
      if (created.kind === 'user-exists') setFailure(messages.registration.alreadyExists);
      else if (created.kind === 'rate-limited') setFailure(authMessages.rateLimited);
      else setFailure(messages.registration.createFailed);
      for (const [field, message] of Object.entries(created.fields ?? {})) {
        setError(field as keyof RegisterValues, { message });
      }
      return;
    }
    let answer;
    try {
      answer = await saveUser({
        displayName: values.displayName,
        email: values.email,
        photoURL: values.photoURL,
      });
    } catch {
      setFailure(messages.registration.saveUserFailed);
      return;
    }
    if (answer.message.includes(messages.registration.serverAlreadyExists)) {
      toast.error(messages.registration.alreadyExists);
    } else {
      toast.success(messages.registration.success);
    }
    reset(empty);
    onSuccess();
  });

  return (
    <div className="space-y-6">
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Sign up">
        <FormField label="Name" error={errors.displayName?.message} required>
          <Input autoComplete="name" {...register('displayName')} />
        </FormField>
        <FormField label="Email" error={errors.email?.message} required>
          <Input
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
            {...register('email')}
          />
        </FormField>
        <FormField label="Photo URL" error={errors.photoURL?.message} required>
          <Input
            type="url"
            inputMode="url"
            placeholder="https://example.com/me.jpg"
            {...register('photoURL')}
          />
        </FormField>
        <FormField
          label="Password"
          error={errors.password?.message}
          hint="At least 6 characters, with an uppercase and a lowercase letter."
          required
        >
          <Input type="password" autoComplete="new-password" {...register('password')} />
        </FormField>
        <FormField label="Confirm Password" error={errors.confirmPassword?.message} required>
          <Input type="password" autoComplete="new-password" {...register('confirmPassword')} />
        </FormField>
        <ErrorText>{failure}</ErrorText>
        <Button type="submit" className="w-full" loading={isSubmitting}>
          Sign Up
        </Button>
      </form>
      <SocialButtons returnTo={returnTo} />
      <p className="text-center text-sm text-slate-600 dark:text-slate-300">
        Already have an account?{' '}
        <Link
          to="/login"
          state={{ from: returnTo }}
          className="font-semibold text-brand-700 underline-offset-2 hover:underline dark:text-accent-300"
        >
          Log in
        </Link>
      </p>
    </div>
  );
}
