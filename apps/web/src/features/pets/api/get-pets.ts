import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { PETS_PAGE_SIZE, type Pet, type PetCategory } from '@pet-haven/shared/pets';
import { apiPage } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

/** The public list's filters (kept in the URL by the screen). */
export interface PetListFilters {
  search: string;
  category: PetCategory | '';
}

export interface PetsPage {
  items: Pet[];
  total: number;
  page: number;
}

/** GET /api/pets: one page of the pets that are not adopted yet, newest first. */
async function getPets(
  filters: PetListFilters,
  page: number,
  signal?: AbortSignal,
  limit = PETS_PAGE_SIZE,
): Promise<PetsPage> {
  const { items, total } = await apiPage<Pet>('/pets', {
    query: {
      search: filters.search.trim() || undefined,
      category: filters.category || undefined,
      adopted: false,
      page,
      limit,
    },
    signal,
  });
  return { items, total, page };
}

/** The key of every page and filter of the public list. */
export const petListKey = [...queryRoots.pets, 'list'] as const;

const petsInfiniteQueryOptions = (filters: PetListFilters) =>
  infiniteQueryOptions({
    queryKey: [...petListKey, { search: filters.search.trim(), category: filters.category }],
    queryFn: ({ pageParam, signal }) => getPets(filters, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, all) => {
      const loaded = all.reduce((n, p) => n + p.items.length, 0);
      return loaded < last.total && last.items.length > 0 ? last.page + 1 : undefined;
    },
  });

/** The public pet list, one page more each time `fetchNextPage` is called. */
export function usePetsInfinite(filters: PetListFilters) {
  return useInfiniteQuery(petsInfiniteQueryOptions(filters));
}
