import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { messages } from '@pet-haven/shared/messages';
import { petBodySchema, petCategories, petLimits, type PetBody } from '@pet-haven/shared/pets';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { FormImageUpload } from '@/components/ui/form-image-upload';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { setServerFieldErrors } from '@/lib/form-errors';
import { categoryLabels } from '@/utils/category-label';

/** The add and edit forms validate with the API's own body schema (userEmail is not a field). */
const petFormSchema = petBodySchema.omit({ userEmail: true });
export type PetFormValues = z.input<typeof petFormSchema>;
export type PetFormOutput = Omit<PetBody, 'userEmail'>;

export const emptyPetForm: PetFormValues = {
  petImage: '',
  petName: '',
  petAge: '',
  petLocation: '',
  petCategory: 'dog',
  shortDescription: '',
  longDescription: '',
};

const categoryOptions = petCategories.map((c) => ({ value: c, label: categoryLabels[c] }));
const fieldNames = Object.keys(emptyPetForm) as (keyof PetFormValues)[];

interface PetFormProps {
  defaultValues: PetFormValues;
  /** The owner's e-mail, shown read-only (the server takes the owner from the session). */
  email: string;
  submitLabel: string;
  /**
   * Saves the values. Resolve to reset the form to `defaultValues` afterwards (add), or to
   * keep the values (edit); throw to keep them and show the error (already reported).
   */
  onSubmit: (values: PetFormOutput) => Promise<'reset' | 'keep'>;
}

/**
 * The pet form (add and edit): the picture is uploaded first, then the fields of spec section 5.
 * Server field errors (`issues`) are shown next to their fields.
 */
export function PetForm({ defaultValues, email, submitLabel, onSubmit }: PetFormProps) {
  const [uploading, setUploading] = useState(false);
  const form = useForm<PetFormValues, unknown, PetFormOutput>({
    resolver: zodResolver(petFormSchema),
    defaultValues,
  });
  const { errors, isSubmitting } = form.formState;
  const { register } = form;

  const onInvalid = (errs: FieldErrors<PetFormValues>) => {
    if (errs.petImage) toast.error(messages.pets.uploadImageFirst);
  };

  const submit = form.handleSubmit(async (values) => {
    try {
      const after = await onSubmit(values);
      if (after === 'reset') form.reset(defaultValues);
    } catch (err) {
      setServerFieldErrors(err, fieldNames, form.setError);
    }
  }, onInvalid);

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5">
      <FormImageUpload
        control={form.control}
        name="petImage"
        clearErrors={form.clearErrors}
        label="Pet Image"
        onUploadingChange={setUploading}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label="Pet Name" required error={errors.petName?.message}>
          <Input maxLength={petLimits.petName} {...register('petName')} />
        </FormField>
        <FormField label="Pet Age" required error={errors.petAge?.message} hint="e.g. 2 years">
          <Input maxLength={petLimits.petAge} {...register('petAge')} />
        </FormField>
        <FormField label="Pet Location" required error={errors.petLocation?.message}>
          <Input maxLength={petLimits.petLocation} {...register('petLocation')} />
        </FormField>
        <FormField label="Category" required error={errors.petCategory?.message}>
          <Select options={categoryOptions} {...register('petCategory')} />
        </FormField>
      </div>
      <FormField label="Short Description" required error={errors.shortDescription?.message}>
        <Input maxLength={petLimits.shortDescription} {...register('shortDescription')} />
      </FormField>
      <FormField label="Long Description" required error={errors.longDescription?.message}>
        <Textarea rows={6} maxLength={petLimits.longDescription} {...register('longDescription')} />
      </FormField>
      <FormField label="Email" hint="Pets are listed under your account.">
        <Input type="email" name="userEmail" value={email} readOnly />
      </FormField>
      <div>
        <Button type="submit" size="lg" loading={isSubmitting} disabled={uploading}>
          {uploading ? 'Uploading picture…' : submitLabel}
        </Button>
      </div>
    </form>
  );
}
