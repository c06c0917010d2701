import { PageHeader } from '@/components/ui/page-header';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { FavouriteButton } from '@/features/favourites/components/favourite-button';
import { PetList } from '@/features/pets/components/pet-list';
import { appliedFiltersQuery, usePetListParams } from '@/features/pets/hooks/use-pet-list-params';
import { SaveSearchButton } from '@/features/saved-searches/components/save-search-button';

export function Component() {
  const { user, status } = useAuth();
  const { filters } = usePetListParams();
  const signedIn = status === 'loading' ? null : user !== null;
  return (
    <section className="mx-auto max-w-6xl px-4 py-10">
      <PageHeader
        title="Pets looking for a home"
        description="Search by name or pick a category, then open a pet to learn more."
      />
      <div className="mb-4 flex justify-end">
        <SaveSearchButton signedIn={signedIn} query={appliedFiltersQuery(filters)} />
      </div>
      <PetList
        cardAction={(pet) => (
          <FavouriteButton petId={pet._id} petName={pet.petName} signedIn={signedIn} />
        )}
      />
    </section>
  );
}
