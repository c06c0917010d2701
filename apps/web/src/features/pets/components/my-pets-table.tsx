import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { messages } from '@pet-haven/shared/messages';
import { DASHBOARD_PAGE_SIZE, type Pet } from '@pet-haven/shared/pets';
import { Button, buttonClasses } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DataTable, Td, Th, Tr } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorText } from '@/components/ui/error-text';
import { Pagination } from '@/components/ui/pagination';
import { TableSkeleton } from '@/components/ui/skeleton';
import { useDeletePet } from '../api/delete-pet';
import { useMyPets } from '../api/get-my-pets';
import { useMarkPetAdopted } from '../api/mark-pet-adopted';
import { categoryLabel } from './category-label';
import { PetThumbnail } from './pet-thumbnail';
import { ScrollHint } from './scroll-hint';
import { StatusBadge } from './status-badge';
import type { Viewer } from './viewer';

export const MY_PETS_LOAD_FAILED = 'Failed to load your pets. Please try again.';

/** My Added Pets: the signed-in user's pets with Update, Delete (confirmed) and Adopt. */
export function MyPetsTable({ viewer }: { viewer: Viewer }) {
  const [page, setPage] = useState(1);
  const { data, isPending, isError, refetch, isFetching } = useMyPets(viewer.email, page);
  const deletePet = useDeletePet();
  const markAdopted = useMarkPetAdopted();
  const [toDelete, setToDelete] = useState<Pet | null>(null);

  const pageCount = data ? Math.max(1, Math.ceil(data.total / DASHBOARD_PAGE_SIZE)) : 1;
  // the last pet of a later page was deleted: show the page before
  if (data && data.items.length === 0 && page > 1 && !isFetching)
    setPage(Math.min(page - 1, pageCount));

  if (isPending) return <TableSkeleton label="Loading your pets" />;
  if (isError && !data) {
    return (
      <div className="flex flex-col items-start gap-3">
        <ErrorText>{MY_PETS_LOAD_FAILED}</ErrorText>
        <Button variant="secondary" onClick={() => void refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (data.total === 0) {
    return (
      <EmptyState
        title="You have not added any pets yet."
        description="Pets you add appear here, where you can update them or mark them adopted."
        action={
          <Link to="/dashboard" className={buttonClasses()}>
            Add a Pet
          </Link>
        }
      />
    );
  }

  async function confirmDelete() {
    if (!toDelete) return;
    try {
      await deletePet.mutateAsync(toDelete._id);
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
      <ScrollHint />
      <DataTable caption="My Added Pets" hideCaption>
        <thead>
          <tr>
            <Th>Serial No</Th>
            <Th>Pet Name</Th>
            <Th>Category</Th>
            <Th>Image</Th>
            <Th>Adoption Status</Th>
            <Th>Update</Th>
            <Th>Delete</Th>
            <Th>Adopt</Th>
          </tr>
        </thead>
        <tbody>
          {data.items.map((pet, i) => {
            const adopting = markAdopted.isPending && markAdopted.variables === pet._id;
            return (
              <Tr key={pet._id}>
                <Td>{(page - 1) * DASHBOARD_PAGE_SIZE + i + 1}</Td>
                <Td className="font-medium whitespace-nowrap">{pet.petName}</Td>
                <Td>{categoryLabel(pet.petCategory)}</Td>
                <Td>
                  <PetThumbnail src={pet.petImage} alt={pet.petName} />
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
                  <Button variant="danger" size="sm" onClick={() => setToDelete(pet)}>
                    Delete
                  </Button>
                </Td>
                <Td>
                  <Button
                    size="sm"
                    disabled={pet.adopted}
                    loading={adopting}
                    onClick={() => adopt(pet)}
                  >
                    Adopt
                  </Button>
                </Td>
              </Tr>
            );
          })}
        </tbody>
      </DataTable>
      <Pagination page={page} pageCount={pageCount} onPageChange={setPage} label="My pets pages" />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => {
          if (!open) setToDelete(null);
        }}
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
