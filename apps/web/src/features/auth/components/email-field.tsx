import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';

interface EmailFieldProps extends UseFormRegisterReturn {
  error?: string;
  required?: boolean;
}

/** The account's e-mail, on the log in and sign up forms: `<EmailField {...register('email')} />`. */
export function EmailField({ error, required, ...registration }: EmailFieldProps) {
  return (
    <FormField label="Email" error={error} required={required}>
      <Input type="email" autoComplete="email" placeholder="you@example.com" {...registration} />
    </FormField>
  );
}
