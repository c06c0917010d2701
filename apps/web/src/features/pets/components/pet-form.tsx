import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  petBodySchema,
  petCategories,
  petLimits,
  type PetBody,
  type Place,
} from '@pet-haven/shared/pets';
import { DescriptionFields } from '@/components/ui/description-fields';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PictureForm, type FormSave } from '@/components/ui/picture-form';
import { Select } from '@/components/ui/select';
import { categoryLabels } from '@/utils/category-label';
import { PetFactsFields } from './pet-facts-fields';
import { PetPhotosField } from './pet-photos-field';

/** The add and edit forms validate with the API's own body schema (userEmail is not a field). */
const petFormSchema = petBodySchema.omit({ userEmail: true });
export type PetFormValues = z.input<typeof petFormSchema>;
export type PetFormOutput = Omit<PetBody, 'userEmail'>;

export const emptyPetForm: PetFormValues = {
  petImage: '',
  morePhotos: [],
  petName: '',
  petAge: '',
  petLocation: '',
  petCategory: 'dog',
  shortDescription: '',
  longDescription: '',
  sex: 'unknown',
  size: null,
  birthDate: null,
  breed: null,
  goodWithChildren: 'unknown',
  goodWithDogs: 'unknown',
  goodWithCats: 'unknown',
  houseTrained: 'unknown',
  vaccinated: 'unknown',
  neutered: 'unknown',
  specialNeeds: 'unknown',
  placeId: null,
};

const categoryOptions = petCategories.map((c) => ({ value: c, label: categoryLabels[c] }));
const fieldNames = Object.keys(emptyPetForm) as (keyof PetFormValues)[];

interface PetFormProps {
  defaultValues: PetFormValues;
  /** The owner's e-mail, shown read-only (the server takes the owner from the session). */
  email: string;
  submitLabel: string;
  /** Saves the values (a reset empties the form to `defaultValues`). */
  onSave: FormSave<PetFormOutput>;
  /** The pet's saved place (edit form), shown in the place box. */
  initialPlace?: Place | null;
}

/**
 * The pet form (add and edit): the picture is uploaded first, then the fields of spec section 5.
 * Server field errors (`issues`) are shown next to their fields.
 */
export function PetForm({
  defaultValues,
  email,
  submitLabel,
  onSave,
  initialPlace = null,
}: PetFormProps) {
  const form = useForm<PetFormValues, unknown, PetFormOutput>({
    resolver: zodResolver(petFormSchema),
    defaultValues,
  });
  const { errors } = form.formState;
  const { register } = form;
  const [photosUploading, setPhotosUploading] = useState(false);
  const [coverUploading, setCoverUploading] = useState(false);

  return (
    <PictureForm
      form={form}
      picture="petImage"
      pictureLabel="Pet Image"
      fields={fieldNames}
      onSave={onSave}
      submitLabel={submitLabel}
      busy={photosUploading}
      onPictureUploadingChange={setCoverUploading}
    >
      <PetPhotosField
        form={form}
        onUploadingChange={setPhotosUploading}
        coverUploading={coverUploading}
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
      <DescriptionFields form={form} />
      <PetFactsFields form={form} initialPlace={initialPlace} />
      <FormField label="Email" hint="Pets are listed under your account.">
        <Input type="email" name="userEmail" value={email} readOnly />
      </FormField>
    </PictureForm>
  );
}
