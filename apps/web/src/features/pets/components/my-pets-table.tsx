import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { messages } from '@pet-haven/shared/messages';
import { DASHBOARD_PAGE_SIZE, type Pet } from '@pet-haven/shared/pets';
import { Button, buttonClasses } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DataTable, Td, Th, Tr } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { Pagination } from '@/components/ui/pagination';
import { TableSkeleton } from '@/components/ui/skeleton';
import { StatusBadge } from '@/components/ui/status-badge';
import { Thumbnail } from '@/components/ui/thumbnail';
import { categoryLabel } from '@/utils/category-label';
import { clampPage } from '@/utils/pagination';
import { useDeletePet } from '../api/delete-pet';
import { useMyPets } from '../api/get-my-pets';
import { useMarkPetAdopted } from '../api/mark-pet-adopted';
import { ScrollHint } from './scroll-hint';
import type { Viewer } from './viewer';

const MY_PETS_LOAD_FAILED = 'Failed to load your pets. Please try again.';

/** My Added Pets: the signed-in user's pets with Update, Delete (confirmed) and Adopt. */
export function MyPetsTable({ viewer }: { viewer: Viewer }) {
  const [requestedPage, setPage] = useState(1);
  // the page asked for tells the total; past the last page (its last pet deleted) show the last one
  const requested = useMyPets(viewer.email, requestedPage);
  const page = clampPage(requestedPage, requested.data?.total, DASHBOARD_PAGE_SIZE);
  const { data, isPending, isError, refetch, isPlaceholderData } = useMyPets(viewer.email, page);
  const deletePet = useDeletePet();
  const markAdopted = useMarkPetAdopted();
  const [toDelete, setToDelete] = useState<Pet | null>(null);

  const pageCount = data ? Math.max(1, Math.ceil(data.total / DASHBOARD_PAGE_SIZE)) : 1;

  // while stepping back from an emptied page, the empty page stands in: show the skeleton
  if (isPending || (isPlaceholderData && data.items.length === 0))
    return <TableSkeleton label="Loading your pets" />;
  if (isError && !data) {
    return <LoadError message={MY_PETS_LOAD_FAILED} onRetry={() => void refetch()} />;
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
