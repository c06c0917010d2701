import type { Pet } from '@pet-haven/shared/pets';
import type { ReactNode } from 'react';
import { messages } from '@pet-haven/shared/messages';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorText } from '@/components/ui/error-text';
import { SkeletonGrid } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { useNearBottom } from '@/hooks/use-near-bottom';
import { usePetsInfinite } from '../api/get-pets';
import { isFiltered, usePetListParams } from '../hooks/use-pet-list-params';
import { PetCard } from './pet-card';
import { PetListFiltersBar } from './pet-list-filters';

/** How far above the bottom of the page the next page starts loading (px). */
const PRELOAD_OFFSET = 400;

/** The public pet list: filters in the URL, a grid of cards, more pages as the user scrolls. */
interface PetListProps {
  /** Beside each card's View Details (the favourites heart, passed in by the route). */
  cardAction?: (pet: Pet) => ReactNode;
}

export function PetList({ cardAction }: PetListProps = {}) {
  const { filters, setFilters, clearFilters } = usePetListParams();
  const { query, items: pets, total = 0, totalExceeded } = usePetsInfinite(filters);
  const { isPending, isError, hasNextPage, isFetching, isFetchingNextPage, fetchNextPage } = query;

  // a failed page waits for Try again instead of asking again on every scroll; scroll events
  // that arrive before the next render do not cancel and re-ask the page being fetched; while
  // any fetch runs (a background refetch too) it waits, and looks again when the fetch ends
  useNearBottom(() => void fetchNextPage({ cancelRefetch: false }), {
    enabled: hasNextPage && !isFetching && !isError,
    offset: PRELOAD_OFFSET,
    deps: [pets.length],
  });

  const filtered = isFiltered(filters);

  return (
    <>
      <PetListFiltersBar filters={filters} onChange={setFilters} />
      {isPending ? (
        <SkeletonGrid count={3} label="Loading pets" />
      ) : isError && pets.length === 0 ? (
        <ErrorText className="text-center text-base">{messages.pets.listFailed}</ErrorText>
      ) : pets.length === 0 ? (
        <EmptyState
          title={filtered ? 'No pets match your search.' : 'No pets are waiting for a home yet.'}
          description={
            filtered
              ? 'Try another name or category, or fewer filters.'
              : 'Check back soon, or add a pet from your dashboard.'
          }
          action={
            filtered ? (
              <Button variant="secondary" onClick={clearFilters}>
                Clear filters
              </Button>
            ) : undefined
          }
        />
      ) : (
        <>
          <p className="sr-only" aria-live="polite">
            {totalExceeded
              ? `More than ${total.toLocaleString('en')} pets found`
              : total === 1
                ? '1 pet found'
                : `${total.toLocaleString('en')} pets found`}
          </p>
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {pets.map((pet, i) => (
              <li key={pet._id} className="flex">
                <PetCard pet={pet} position={i} action={cardAction?.(pet)} />
              </li>
            ))}
          </ul>
          <div className="mt-8 flex flex-col items-center gap-3">
            {isFetchingNextPage ? (
              <Spinner label="Loading more pets" />
            ) : isError ? (
              <>
                <ErrorText>{messages.pets.listFailed}</ErrorText>
                <Button variant="secondary" onClick={() => void fetchNextPage()}>
                  Try again
                </Button>
              </>
            ) : hasNextPage ? (
              <Button variant="secondary" onClick={() => void fetchNextPage()}>
                Load more pets
              </Button>
            ) : pets.length > 3 ? (
              <p className="text-sm text-slate-500 dark:text-slate-400">
                You have seen all {totalExceeded ? pets.length : total} pets.
              </p>
            ) : null}
          </div>
        </>
      )}
    </>
  );
}
