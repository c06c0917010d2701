import { messages } from '@pet-haven/shared/messages';
import { errorMessage } from '@/lib/api-client';
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
      onSave={{
        save: mutation.mutateAsync,
        saved: messages.pets.added,
        failed: addPetFailure,
        reset: true,
      }}
    />
  );
}

/** Spec section 8: the server's error, else 'Failed to add pet.'; network failure has its own text. */
function addPetFailure(err: unknown) {
  return errorMessage(err, messages.pets.addFailed, messages.pets.addNetworkFailed);
}
