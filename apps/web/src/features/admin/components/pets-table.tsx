import { messages } from '@pet-haven/shared/messages';
import type { Pet } from '@pet-haven/shared/pets';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Td, Tr } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorText } from '@/components/ui/error-text';
import { PagedTable } from '@/components/ui/paged-table';
import { Thumbnail } from '@/components/ui/thumbnail';
import { useConfirmTarget } from '@/hooks/use-confirm-target';
import { categoryLabel } from '@/utils/category-label';
import { useDeletePet } from '../api/delete-pet';
import { useAllPets } from '../api/get-all-pets';
import { useSetPetAdopted } from '../api/set-pet-adopted';
import { RowActions } from './row-actions';

/**
 * The admin All Pets tab (spec section 2): Image, Name, Age, Category, Location, Adopted, Delete
 * (after a confirmation) and Adopt or Unadopt.
 */
export function PetsTable() {
  const list = useAllPets();
  const deletePet = useDeletePet();
  const setAdopted = useSetPetAdopted();
  const toDelete = useConfirmTarget<Pet>();

  const confirmDelete = async () => {
    if (!toDelete.target) return;
    try {
      await deletePet.mutateAsync(toDelete.target._id);
      toast.success(messages.pets.adminDeleted);
    } catch {
      toast.error(messages.pets.deleteFailed);
    }
  };

  const toggleAdopted = (pet: Pet) =>
    setAdopted.mutate(
      { id: pet._id, adopted: !pet.adopted },
      {
        onSuccess: () => toast.success(messages.pets.adminStatusUpdated),
        onError: () => toast.error(messages.pets.adminStatusUpdateFailed),
      },
    );

  return (
    <div>
      <PagedTable
        list={list}
        caption="All pets"
        columns={['Image', 'Name', 'Age', 'Category', 'Location', 'Adopted', 'Actions']}
        loadingLabel="Loading pets"
        skeletonColumns={7}
        error={<ErrorText>{messages.pets.listFailed}</ErrorText>}
        empty={<EmptyState title="No pets yet." />}
        above={(total) => (
          <p className="mb-4 text-sm text-slate-600 dark:text-slate-300">Total Pets: {total}</p>
        )}
        pagerLabel="Pets pages"
        row={(pet) => (
          <Tr key={pet._id}>
            <Td>
              <Thumbnail src={pet.petImage} alt={pet.petName} />
            </Td>
            <Td className="font-medium">{pet.petName}</Td>
            <Td>{pet.petAge}</Td>
            <Td>{categoryLabel(pet.petCategory)}</Td>
            <Td>{pet.petLocation}</Td>
            <Td>{pet.adopted ? 'Yes' : 'No'}</Td>
            <Td>
              <RowActions
                name={pet.petName}
                onDelete={() => toDelete.ask(pet)}
                toggleLabel={pet.adopted ? 'Unadopt' : 'Adopt'}
                onToggle={() => toggleAdopted(pet)}
                toggling={setAdopted.isPending && setAdopted.variables?.id === pet._id}
              />
            </Td>
          </Tr>
        )}
      />
      <ConfirmDialog
        {...toDelete.dialog}
        title={messages.pets.adminConfirmDelete}
        description={toDelete.target && `${toDelete.target.petName} and its adoption requests.`}
        confirmLabel="Delete"
        cancelLabel="Cancel"
        danger
        onConfirm={confirmDelete}
      />
    </div>
  );
}
