import type { QueryClient } from '@tanstack/react-query';
import { PETS_PAGE_SIZE, type Pet, type PetCategory } from '@pet-haven/shared/pets';
import { loadInfiniteList, useInfiniteList, type PagedList } from '@/lib/paging';
import { queryRoots } from '@/lib/query-keys';

/** The public list's filters (kept in the URL by the screen). */
export interface PetListFilters {
  search: string;
  category: PetCategory | '';
}

/** The key of every page and filter of the public list. */
export const petListKey = [...queryRoots.pets, 'list'] as const;

const petId = (p: Pet) => p._id;

const petList = (filters: PetListFilters): PagedList => ({
  key: petListKey,
  path: '/pets',
  query: {
    search: filters.search.trim() || undefined,
    category: filters.category || undefined,
    adopted: false,
  },
  limit: PETS_PAGE_SIZE,
});

/**
 * GET /api/pets: the pets that are not adopted yet, newest first, one page more each time
 * `query.fetchNextPage` is called.
 */
export const usePetsInfinite = (filters: PetListFilters) =>
  useInfiniteList<Pet>(petList(filters), petId);

/** The list's first page into the cache (a page rendered on the server, decision 021). */
export const loadPetList = (queryClient: QueryClient, filters: PetListFilters) =>
  loadInfiniteList<Pet>(queryClient, petList(filters));
