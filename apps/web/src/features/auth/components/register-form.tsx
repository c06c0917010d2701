import type { RegisterForm as RegisterValues } from '@pet-haven/shared/auth';
import { messages } from '@pet-haven/shared/messages';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { lazyResolver } from '@/lib/lazy-resolver';
import { saveUser } from '../api/save-user';
import { useAuth } from '../hooks/use-auth';
import { useAuthForm } from '../hooks/use-auth-form';
import { authMessages } from '../lib/auth-errors';
import { AuthForm } from './auth-form';
import { EmailField } from './email-field';

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
  const { register, errors, frame } = useAuthForm<RegisterValues>({
    resolver,
    defaultValues: empty,
    submit: async (values, { setError, reset }) => {
      const created = await signUpWithEmail({
        displayName: values.displayName,
        email: values.email,
        photoURL: values.photoURL,
        password: values.password,
      });
      if (created) {
        for (const [field, message] of Object.entries(created.fields ?? {})) {
          setError(field as keyof RegisterValues, { message });
        }
        if (created.kind === 'user-exists') return messages.registration.alreadyExists;
        if (created.kind === 'rate-limited') return authMessages.rateLimited;
        return messages.registration.createFailed;
      }
      let answer;
      try {
        answer = await saveUser({
          displayName: values.displayName,
          email: values.email,
          photoURL: values.photoURL,
        });
      } catch {
        return messages.registration.saveUserFailed;
      }
      if (answer.message.includes(messages.registration.serverAlreadyExists)) {
        toast.error(messages.registration.alreadyExists);
      } else {
        toast.success(messages.registration.success);
      }
      reset(empty);
      onSuccess();
      return null;
    },
  });

  return (
    <AuthForm screen="register" returnTo={returnTo} {...frame}>
      <FormField label="Name" error={errors.displayName?.message} required>
        <Input autoComplete="name" {...register('displayName')} />
      </FormField>
      <EmailField error={errors.email?.message} required {...register('email')} />
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
    </AuthForm>
  );
}
