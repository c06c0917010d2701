import { Link } from 'react-router';
import { toast } from 'sonner';
import { messages } from '@pet-haven/shared/messages';
import type { Pet } from '@pet-haven/shared/pets';
import { Button, buttonClasses } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Td, Tr } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { PagedTable } from '@/components/ui/paged-table';
import { useConfirmTarget } from '@/hooks/use-confirm-target';
import { StatusBadge } from '@/components/ui/status-badge';
import { Thumbnail } from '@/components/ui/thumbnail';
import { categoryLabel } from '@/utils/category-label';
import { useDeletePet } from '../api/delete-pet';
import { useMyPets } from '../api/get-my-pets';
import { useMarkPetAdopted } from '../api/mark-pet-adopted';
import type { Viewer } from './viewer';

const MY_PETS_LOAD_FAILED = 'Failed to load your pets. Please try again.';

/** My Added Pets: the signed-in user's pets with Update, Delete (confirmed) and Adopt. */
export function MyPetsTable({ viewer }: { viewer: Viewer }) {
  const list = useMyPets(viewer.email);
  const deletePet = useDeletePet();
  const markAdopted = useMarkPetAdopted();
  const toDelete = useConfirmTarget<Pet>();

  async function confirmDelete() {
    if (!toDelete.target) return;
    try {
      await deletePet.mutateAsync(toDelete.target._id);
      toast.success(messages.pets.deletedTitle, { description: messages.pets.deletedText });
    } catch {
      toast.error(messages.pets.deleteFailed);
    }
  }

  function adopt(pet: Pet) {
    markAdopted.mutate(pet._id, {
      onSuccess: () =>
        toast.success(messages.pets.markedAdoptedTitle, {
          description: messages.pets.markedAdoptedText,
        }),
      onError: () => toast.error(messages.pets.markAdoptedFailed),
    });
  }

  return (
    <>
      <PagedTable
        list={list}
        caption="My Added Pets"
        loadingLabel="Loading your pets"
        loadFailed={MY_PETS_LOAD_FAILED}
        empty={
          <EmptyState
            title="You have not added any pets yet."
            description="Pets you add appear here, where you can update them or mark them adopted."
            link={{ to: '/dashboard', label: 'Add a Pet' }}
          />
        }
        pagerLabel="My pets pages"
        columns={[
          'Serial No',
          'Pet Name',
          'Category',
          'Image',
          'Adoption Status',
          'Update',
          'Delete',
          'Adopt',
        ]}
        row={(pet, rowNumber) => (
          <Tr key={pet._id}>
            <Td>{rowNumber}</Td>
            <Td className="font-medium whitespace-nowrap">{pet.petName}</Td>
            <Td>{categoryLabel(pet.petCategory)}</Td>
            <Td>
              <Thumbnail src={pet.petImage} alt={pet.petName} />
            </Td>
            <Td>
              {pet.adopted ? (
                <StatusBadge tone="green">Adopted</StatusBadge>
              ) : (
                <StatusBadge tone="amber">Not Adopted</StatusBadge>
              )}
            </Td>
            <Td>
              <Link
                to={`/update-pet/${pet._id}`}
                className={buttonClasses({ variant: 'secondary', size: 'sm' })}
              >
                Update
              </Link>
            </Td>
            <Td>
              <Button variant="danger" size="sm" onClick={() => toDelete.ask(pet)}>
                Delete
              </Button>
            </Td>
            <Td>
              <Button
                size="sm"
                disabled={pet.adopted}
                loading={markAdopted.isPending && markAdopted.variables === pet._id}
                onClick={() => adopt(pet)}
              >
                Adopt
              </Button>
            </Td>
          </Tr>
        )}
      />
      <ConfirmDialog
        {...toDelete.dialog}
        title={messages.pets.confirmDeleteTitle}
        description={messages.pets.confirmDeleteText}
        confirmLabel={messages.pets.confirmDeleteYes}
        cancelLabel={messages.pets.confirmDeleteNo}
        danger
        onConfirm={confirmDelete}
      />
    </>
  );
}
