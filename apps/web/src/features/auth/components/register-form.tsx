import type { RegisterForm as RegisterValues } from '@pet-haven/shared/auth';
import { messages } from '@pet-haven/shared/messages';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { ErrorText } from '@/components/ui/error-text';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { lazyResolver } from '@/lib/lazy-resolver';
import { saveUser } from '../api/save-user';
import { useAuth } from '../hooks/use-auth';
import { authMessages } from '../lib/auth-errors';
import { AuthSwitch } from './auth-switch';

// the schema (and zod) loads with the first check, and sonner with the first toast, not with the
// page (decision 022)
const resolver = lazyResolver<RegisterValues>(async () => {
  const [{ zodResolver }, { registerFormSchema }] = await Promise.all([
    import('@hookform/resolvers/zod'),
    import('@pet-haven/shared/auth'),
  ]);
  return zodResolver(registerFormSchema);
});
const toast = {
  success: (text: string) => void import('sonner').then((m) => m.toast.success(text)),
  error: (text: string) => void import('sonner').then((m) => m.toast.error(text)),
};

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
  } = useForm<RegisterValues>({ resolver, defaultValues: empty });

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
      <form
        onSubmit={onSubmit}
        onFocus={resolver.preload}
        noValidate
        className="space-y-4"
        aria-label="Sign up"
      >
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
      <AuthSwitch
        returnTo={returnTo}
        question="Already have an account?"
        to="/login"
        linkText="Log in"
      />
    </div>
  );
}
