import { useRef } from 'react';
import { useController, useWatch, type UseFormReturn } from 'react-hook-form';
import { PET_PHOTOS_MAX } from '@pet-haven/shared/pets';
import { Button } from '@/components/ui/button';
import { PhotoListUpload } from '@/components/ui/photo-list-upload';
import type { PetFormOutput, PetFormValues } from './pet-form';

interface PetPhotosFieldProps {
  form: UseFormReturn<PetFormValues, unknown, PetFormOutput>;
  onUploadingChange: (uploading: boolean) => void;
  /** The cover (Pet Image) is uploading: it will take the cover's place, so no photo does. */
  coverUploading: boolean;
}

/**
 * The pet's other photos (after the cover, "Pet Image"): several uploaded at once, reordered,
 * removed, or made the cover (the cover then takes the photo's place). With no cover yet, the
 * first photo to finish uploading becomes it.
 */
export function PetPhotosField({ form, onUploadingChange, coverUploading }: PetPhotosFieldProps) {
  // read when an upload finishes (a render's value would be stale by then)
  const coverUploadingRef = useRef(coverUploading);
  coverUploadingRef.current = coverUploading;
  const { field, fieldState } = useController({ control: form.control, name: 'morePhotos' });
  const cover = useWatch({ control: form.control, name: 'petImage' });
  const photos = field.value ?? [];
  const setPhotos = (urls: string[]) => field.onChange(urls);
  const errors = fieldState.error;
  const message =
    errors?.message ?? (Array.isArray(errors) ? errors.find(Boolean)?.message : undefined);

  return (
    <PhotoListUpload
      label="More photos"
      hint={`Up to ${PET_PHOTOS_MAX} photos in all, the cover (Pet Image) first. Drag a photo or use its arrows to change the order.`}
      value={photos}
      onChange={setPhotos}
      room={PET_PHOTOS_MAX - (cover || coverUploading ? 1 : 0) - photos.length}
      onUploadingChange={onUploadingChange}
      onUploaded={(url) => {
        // read now, not from this render: uploads finish in any order
        const values = form.getValues();
        if (!values.petImage && !coverUploadingRef.current) {
          form.setValue('petImage', url, { shouldDirty: true });
          form.clearErrors('petImage');
        } else if (url !== values.petImage && !(values.morePhotos ?? []).includes(url)) {
          form.setValue('morePhotos', [...(values.morePhotos ?? []), url], { shouldDirty: true });
        }
      }}
      error={message}
      altOf={(i) => `Photo ${i + 2}`}
      actions={(url, i) => (
        <Button
          variant="secondary"
          size="sm"
          className="px-2"
          aria-label={`Make photo ${i + 2} the cover`}
          onClick={() => {
            const values = form.getValues();
            const rest = values.morePhotos ?? [];
            const next = values.petImage
              ? rest.map((u) => (u === url ? values.petImage : u))
              : rest.filter((u) => u !== url);
            form.setValue('petImage', url, { shouldDirty: true });
            form.setValue('morePhotos', next, { shouldDirty: true });
          }}
        >
          Cover
        </Button>
      )}
    />
  );
}
