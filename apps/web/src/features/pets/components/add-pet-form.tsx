import { toast } from 'sonner';
import { messages } from '@pet-haven/shared/messages';
import { isApiError } from '@/lib/api-client';
import { useAddPet } from '../api/add-pet';
import { emptyPetForm, PetForm } from './pet-form';
import type { Viewer } from './viewer';

/** Add a pet (dashboard default tab and /add-pet); the form resets after success. */
export function AddPetForm({ viewer }: { viewer: Viewer }) {
  const mutation = useAddPet();
  return (
    <PetForm
      defaultValues={emptyPetForm}
      email={viewer.email}
      submitLabel="Add Pet"
      onSubmit={async (values) => {
        try {
          await mutation.mutateAsync(values);
        } catch (err) {
          toast.error(addPetFailure(err));
          throw err;
        }
        toast.success(messages.pets.added);
        return 'reset';
      }}
    />
  );
}

/** Spec section 8: the server's error, else 'Failed to add pet.'; network failure has its own text. */
function addPetFailure(err: unknown) {
  if (!isApiError(err)) return messages.pets.addFailed;
  if (err.isNetworkError) return messages.pets.addNetworkFailed;
  if (err.status >= 400 && err.status < 500 && err.status !== 401) return err.message;
  return messages.pets.addFailed;
}
