import { petLimits } from '@pet-haven/shared/pets';
import { get, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { FormField } from './form-field';
import { Input } from './input';
import { Textarea } from './textarea';

interface Descriptions extends FieldValues {
  shortDescription: string;
  longDescription: string;
}

/** Short Description and Long Description, as pets and campaigns have them (spec section 5). */
export function DescriptionFields<T extends Descriptions, TOut extends FieldValues>({
  form,
}: {
  form: UseFormReturn<T, unknown, TOut>;
}) {
  const field = (name: 'shortDescription' | 'longDescription') => ({
    registration: form.register(name as Path<T>),
    error: (get(form.formState.errors, name) as { message?: string } | undefined)?.message,
  });
  const short = field('shortDescription');
  const long = field('longDescription');
  return (
    <>
      <FormField label="Short Description" required error={short.error}>
        <Input maxLength={petLimits.shortDescription} {...short.registration} />
      </FormField>
      <FormField label="Long Description" required error={long.error}>
        <Textarea rows={6} maxLength={petLimits.longDescription} {...long.registration} />
      </FormField>
    </>
  );
}
