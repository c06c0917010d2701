import { messages } from '@pet-haven/shared/messages';
import { useState, type ReactNode } from 'react';
import {
  get,
  type FieldPathByValue,
  type FieldValues,
  type Path,
  type UseFormReturn,
} from 'react-hook-form';
import { toast } from 'sonner';
import { setServerFieldErrors } from '@/lib/form-errors';
import { Button } from './button';
import { FormImageUpload } from './form-image-upload';

/** How a form saves its values and tells the user how it went. */
export interface FormSave<TOut> {
  /** Sends the values (a mutation's `mutateAsync`). */
  save: (values: TOut) => Promise<unknown>;
  /** The toast after a success. */
  saved: string;
  /** The toast after a failure; the values stay, the server's field messages show by their fields. */
  failed: (err: unknown) => string;
  /** Empty the form after a success (creating), instead of keeping the values (editing). */
  reset?: boolean;
}

interface PictureFormProps<T extends FieldValues, TOut extends FieldValues> {
  form: UseFormReturn<T, unknown, TOut>;
  /** The field of the uploaded picture's URL; uploaded first, the other fields follow. */
  picture: FieldPathByValue<T, string>;
  pictureLabel: string;
  /** The fields a server's validation message may name. */
  fields: readonly Path<T>[];
  onSave: FormSave<TOut>;
  submitLabel: string;
  /** The fields after the picture. */
  children: ReactNode;
  /** Other uploads running in the children: Submit waits for them too. */
  busy?: boolean;
  /** Told when the picture's upload starts and ends. */
  onPictureUploadingChange?: (uploading: boolean) => void;
}

/**
 * A form that starts with a picture upload (pets and campaigns, spec section 5): submitting
 * without a picture says "upload an image first"; Submit waits while the picture uploads.
 */
export function PictureForm<T extends FieldValues, TOut extends FieldValues>({
  form,
  picture,
  pictureLabel,
  fields,
  onSave,
  submitLabel,
  children,
  busy = false,
  onPictureUploadingChange,
}: PictureFormProps<T, TOut>) {
  const [uploading, setUploading] = useState(false);

  const submit = form.handleSubmit(
    async (values) => {
      try {
        await onSave.save(values);
      } catch (err) {
        toast.error(onSave.failed(err));
        setServerFieldErrors(err, fields, form.setError);
        return;
      }
      toast.success(onSave.saved);
      if (onSave.reset) form.reset();
    },
    (errors) => {
      if (get(errors, picture)) toast.error(messages.pets.uploadImageFirst);
    },
  );

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5">
      <FormImageUpload
        control={form.control}
        name={picture}
        clearErrors={form.clearErrors}
        label={pictureLabel}
        onUploadingChange={(running) => {
          setUploading(running);
          onPictureUploadingChange?.(running);
        }}
      />
      {children}
      <div>
        <Button
          type="submit"
          size="lg"
          loading={form.formState.isSubmitting}
          disabled={uploading || busy}
        >
          {uploading || busy ? 'Uploading picture…' : submitLabel}
        </Button>
      </div>
    </form>
  );
}
