import {
  useController,
  type Control,
  type FieldPathByValue,
  type FieldValues,
  type UseFormClearErrors,
} from 'react-hook-form';
import { ImageUpload } from './image-upload';

interface FormImageUploadProps<T extends FieldValues, TOut extends FieldValues = T> {
  /** The form's control (its resolver may transform the values: TOut). */
  control: Control<T, unknown, TOut>;
  /** The form field that holds the uploaded picture's display_url ('' when none). */
  name: FieldPathByValue<T, string>;
  clearErrors: UseFormClearErrors<T>;
  label: string;
  onUploadingChange?: (uploading: boolean) => void;
}

/** ImageUpload bound to a react-hook-form field: an upload fills the field and clears its error. */
export function FormImageUpload<T extends FieldValues, TOut extends FieldValues = T>({
  control,
  name,
  clearErrors,
  label,
  onUploadingChange,
}: FormImageUploadProps<T, TOut>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <ImageUpload
      ref={field.ref}
      label={label}
      value={field.value || null}
      onChange={(url) => {
        field.onChange(url ?? '');
        if (url) clearErrors(name);
      }}
      onUploadingChange={onUploadingChange}
      error={fieldState.error?.message}
    />
  );
}
