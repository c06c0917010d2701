import { useState } from 'react';
import { useForm, type DefaultValues, type FieldValues, type UseFormReturn } from 'react-hook-form';
import type { LazyResolver } from '@/lib/lazy-resolver';

interface AuthFormOptions<V extends FieldValues> {
  resolver: LazyResolver<V>;
  defaultValues: DefaultValues<V>;
  /** A message to show on arrival (e.g. a failed social sign-in). */
  initialError?: string | null;
  /** Sends the checked values; answers the failure to show in red, or null when it went through. */
  submit: (values: V, form: UseFormReturn<V>) => Promise<string | null>;
}

/**
 * The state of the log in and sign up forms: react-hook-form with its lazily loaded schema, and
 * the failure shown above the submit button, cleared when the user submits again. `register` and
 * `errors` are for the fields, `frame` for <AuthForm>.
 */
export function useAuthForm<V extends FieldValues>({
  resolver,
  defaultValues,
  initialError = null,
  submit,
}: AuthFormOptions<V>) {
  const [failure, setFailure] = useState<string | null>(initialError);
  const form = useForm<V>({ resolver, defaultValues });
  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    setFailure(await submit(values, form));
  });
  const { register, formState, watch } = form;
  return {
    form,
    register,
    watch,
    errors: formState.errors,
    frame: { onSubmit, onFocus: resolver.preload, failure, submitting: formState.isSubmitting },
  };
}
