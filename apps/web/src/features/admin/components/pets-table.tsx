import { ADMIN_PAGE_SIZE } from '@pet-haven/shared/admin';
import { messages } from '@pet-haven/shared/messages';
import type { Pet } from '@pet-haven/shared/pets';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DataTable, Td, Th, Tr } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorText } from '@/components/ui/error-text';
import { Pagination } from '@/components/ui/pagination';
import { TableSkeleton } from '@/components/ui/skeleton';
import { Thumbnail } from '@/components/ui/thumbnail';
import { categoryLabel } from '@/utils/category-label';
import { clampPage } from '@/utils/pagination';
import { useDeletePet } from '../api/delete-pet';
import { useAllPets } from '../api/get-all-pets';
import { useSetPetAdopted } from '../api/set-pet-adopted';

/**
 * The admin All Pets tab (spec section 2): Image, Name, Age, Category, Location, Adopted, Delete
 * (after a confirmation) and Adopt or Unadopt.
 */
export function PetsTable() {
  const [requestedPage, setPage] = useState(1);
  // the page asked for tells the total; past the last page (its last pet deleted) show the last one
  const requested = useAllPets(requestedPage);
  const page = clampPage(requestedPage, requested.data?.total, ADMIN_PAGE_SIZE);
  const pets = useAllPets(page);
  const deletePet = useDeletePet();
  const setAdopted = useSetPetAdopted();
  const [toDelete, setToDelete] = useState<Pet | null>(null);

  // while stepping back from an emptied page, the empty page stands in: show the skeleton
  const stepping = pets.isPlaceholderData && pets.data.items.length === 0;
  if (pets.isPending || stepping) return <TableSkeleton columns={7} label="Loading pets" />;
  if (pets.isError) return <ErrorText>{messages.pets.listFailed}</ErrorText>;

  const { items, total } = pets.data;
  const pageCount = Math.ceil(total / ADMIN_PAGE_SIZE);
  if (items.length === 0) return <EmptyState title="No pets yet." />;

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await deletePet.mutateAsync(toDelete._id);
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
      <p className="mb-4 text-sm text-slate-600 dark:text-slate-300">Total Pets: {total}</p>
      <DataTable caption="All pets" hideCaption>
        <thead>
          <tr>
            <Th>Image</Th>
            <Th>Name</Th>
            <Th>Age</Th>
            <Th>Category</Th>
            <Th>Location</Th>
            <Th>Adopted</Th>
            <Th>Actions</Th>
          </tr>
        </thead>
        <tbody>
          {items.map((pet) => {
            const busy = setAdopted.isPending && setAdopted.variables?.id === pet._id;
            return (
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
                  <div className="flex gap-2 whitespace-nowrap">
                    <Button variant="danger" size="sm" onClick={() => setToDelete(pet)}>
                      Delete<span className="sr-only">: {pet.petName}</span>
                    </Button>
                    <Button
                      variant="secondary"
                      size="sm"
                      loading={busy}
                      onClick={() => toggleAdopted(pet)}
                    >
                      {pet.adopted ? 'Unadopt' : 'Adopt'}
                      <span className="sr-only">: {pet.petName}</span>
                    </Button>
                  </div>
                </Td>
              </Tr>
            );
          })}
        </tbody>
      </DataTable>
      <Pagination page={page} pageCount={pageCount} onPageChange={setPage} label="Pets pages" />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => {
          if (!open) setToDelete(null);
        }}
        title={messages.pets.adminConfirmDelete}
        description={toDelete ? `${toDelete.petName} and its adoption requests.` : undefined}
        confirmLabel="Delete"
        cancelLabel="Cancel"
        danger
        onConfirm={confirmDelete}
      />
    </div>
  );
}
