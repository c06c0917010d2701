import { Link } from 'react-router';
import { toast } from 'sonner';
import { messages } from '@pet-haven/shared/messages';
import { petCategorySchema, type Pet } from '@pet-haven/shared/pets';
import { buttonClasses } from '@/components/ui/button';
import { ErrorText } from '@/components/ui/error-text';
import { Skeleton } from '@/components/ui/skeleton';
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
    petName: pet.petName,
    petAge: pet.petAge,
    petLocation: pet.petLocation,
    petCategory: category.success ? category.data : 'other',
    shortDescription: pet.shortDescription,
    longDescription: pet.longDescription,
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

  if (isPending) {
    return (
      <div role="status" aria-live="polite" className="space-y-4">
        <p className="text-slate-600 dark:text-slate-300">{messages.pets.loadingDetails}</p>
        <Skeleton className="h-28 w-28" />
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-32 w-full" />
      </div>
    );
  }
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
      <div className="flex flex-col items-start gap-4">
        <ErrorText>{NOT_YOUR_PET_TEXT}</ErrorText>
        <Link to={`/pets/${pet._id}`} className={buttonClasses({ variant: 'secondary' })}>
          View {pet.petName}
        </Link>
      </div>
    );
  }

  return (
    <PetForm
      key={pet._id}
      defaultValues={petToFormValues(pet)}
      email={pet.userEmail ?? viewer.email}
      submitLabel="Update Pet"
      onSubmit={async (values) => {
        try {
          await mutation.mutateAsync(values);
        } catch (err) {
          toast.error(errorMessage(err, messages.pets.updateFailed));
          throw err;
        }
        toast.success(messages.pets.updated);
        return 'keep';
      }}
    />
  );
}
