import type { ProfileDetailsForm as DetailsValues } from '@pet-haven/shared/auth';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { ErrorText } from '@/components/ui/error-text';
import { FormField } from '@/components/ui/form-field';
import { FormImageUpload } from '@/components/ui/form-image-upload';
import { Input } from '@/components/ui/input';
import { lazyResolver } from '@/lib/lazy-resolver';
import { updateProfile } from '../api/account';
import { sessionKey } from '../api/get-session';
import { useAuth } from '../hooks/use-auth';
import { useAuthForm } from '../hooks/use-auth-form';

const resolver = lazyResolver<DetailsValues>(async () => {
  const [{ zodResolver }, { profileDetailsFormSchema }] = await Promise.all([
    import('@hookform/resolvers/zod'),
    import('@pet-haven/shared/auth'),
  ]);
  return zodResolver(profileDetailsFormSchema);
});

/** Profile: the name and the photo (uploaded to our image host like every picture). */
export function ProfileDetailsForm() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState(false);
  const [uploading, setUploading] = useState(false);
  const { form, register, errors, frame } = useAuthForm<DetailsValues>({
    resolver,
    defaultValues: { name: user?.name ?? '', photo: '' },
    submit: async ({ name, photo }) => {
      setSaved(false);
      const image = photo ? new URL(photo, window.location.origin).href : null;
      const failure = await updateProfile(name.trim(), image);
      if (failure) return failure.message;
      await queryClient.invalidateQueries({ queryKey: sessionKey });
      setSaved(true);
      return null;
    },
  });
  if (!user) return null;
  return (
    <form
      onSubmit={frame.onSubmit}
      onFocus={frame.onFocus}
      noValidate
      className="space-y-4"
      aria-label="Name and photo"
    >
      <div className="flex items-center gap-4">
        <Avatar src={user.photoURL} alt="" size="lg" />
        <p className="text-sm text-slate-600 dark:text-slate-300">{user.email}</p>
      </div>
      <FormField label="Name" error={errors.name?.message}>
        <Input autoComplete="name" {...register('name')} />
      </FormField>
      <FormImageUpload
        control={form.control}
        name="photo"
        clearErrors={form.clearErrors}
        label="New photo"
        onUploadingChange={setUploading}
      />
      <ErrorText>{frame.failure}</ErrorText>
      <div className="flex items-center gap-3">
        <Button type="submit" loading={frame.submitting} disabled={uploading}>
          Save name and photo
        </Button>
        {saved && (
          <p role="status" className="text-sm text-brand-700 dark:text-accent-300">
            Saved.
          </p>
        )}
      </div>
    </form>
  );
}
