import { messages } from '@pet-haven/shared/messages';
import { petCategorySchema, type Pet } from '@pet-haven/shared/pets';
import { ErrorText } from '@/components/ui/error-text';
import { Refusal } from '@/components/ui/refusal';
import { FormSkeleton } from '@/components/ui/skeleton';
import { errorMessage, isApiError } from '@/lib/api-client';
import { usePet } from '../api/get-pet';
import { useUpdatePet } from '../api/update-pet';
import { PetForm, type PetFormValues } from './pet-form';
import type { Viewer } from './viewer';

export const NOT_YOUR_PET_TEXT = 'You can only update pets you added.';

/** The edit form's starting values; the category defaults to other (spec section 2). */
function petToFormValues(pet: Pet): PetFormValues {
  const category = petCategorySchema.safeParse(pet.petCategory);
  return {
    petImage: pet.petImage,
    morePhotos: pet.morePhotos ?? [],
    petName: pet.petName,
    petAge: pet.petAge,
    petLocation: pet.petLocation,
    petCategory: category.success ? category.data : 'other',
    shortDescription: pet.shortDescription,
    longDescription: pet.longDescription,
    sex: pet.sex,
    size: pet.size,
    birthDate: pet.birthDate,
    breed: pet.breed,
    goodWithChildren: pet.goodWithChildren,
    goodWithDogs: pet.goodWithDogs,
    goodWithCats: pet.goodWithCats,
    houseTrained: pet.houseTrained,
    vaccinated: pet.vaccinated,
    neutered: pet.neutered,
    specialNeeds: pet.specialNeeds,
    placeId: pet.place?.id ?? null,
  };
}

interface EditPetProps {
  id: string;
  viewer: Viewer;
}

/** Edit a pet (/update-pet/:id): only its owner or an admin; others see a refusal. */
export function EditPet({ id, viewer }: EditPetProps) {
  const { data: pet, isPending, isError, error } = usePet(id);
  const mutation = useUpdatePet(id);

  if (isPending) return <FormSkeleton label={messages.pets.loadingDetails} showLabel />;
  if (isError) {
    const notFound =
      isApiError(error) && (error.status === 404 || error.code === 'VALIDATION_FAILED');
    return (
      <ErrorText>{notFound ? messages.pets.notFound : messages.pets.fetchDetailsFailed}</ErrorText>
    );
  }
  const isOwner = pet.userEmail != null && pet.userEmail === viewer.email;
  if (!isOwner && !viewer.isAdmin) {
    return (
      <Refusal
        message={NOT_YOUR_PET_TEXT}
        link={{ to: `/pets/${pet._id}`, label: `View ${pet.petName}` }}
      />
    );
  }

  return (
    <PetForm
      key={pet._id}
      defaultValues={petToFormValues(pet)}
      initialPlace={pet.place}
      email={pet.userEmail ?? viewer.email}
      submitLabel="Update Pet"
      onSave={{
        save: mutation.mutateAsync,
        saved: messages.pets.updated,
        failed: (err) => errorMessage(err, messages.pets.updateFailed),
      }}
    />
  );
}
