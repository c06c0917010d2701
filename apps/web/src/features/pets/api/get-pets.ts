import type { QueryClient } from '@tanstack/react-query';
import {
  PETS_PAGE_SIZE,
  type AgeGroup,
  type Pet,
  type PetCategory,
  type PetSize,
  type PetSort,
} from '@pet-haven/shared/pets';
import { loadInfiniteList, useInfiniteList, type PagedList } from '@/lib/paging';
import { queryRoots } from '@/lib/query-keys';

/** The public list's filters (kept in the URL by the screen); '' or false: not filtered. */
export interface PetListFilters {
  search: string;
  category: PetCategory | '';
  ageGroup: AgeGroup | '';
  size: PetSize | '';
  sex: 'female' | 'male' | '';
  goodWithChildren: boolean;
  goodWithDogs: boolean;
  goodWithCats: boolean;
  /** A gazetteer place id, and how it reads (kept in the URL so a shared link shows it). */
  near: string;
  place: string;
  /** Kilometres from `near`, as text ('' for the default). */
  within: string;
  sort: PetSort | '';
}

/** No filter at all. */
export const noPetListFilters: PetListFilters = {
  search: '',
  category: '',
  ageGroup: '',
  size: '',
  sex: '',
  goodWithChildren: false,
  goodWithDogs: false,
  goodWithCats: false,
  near: '',
  place: '',
  within: '',
  sort: '',
};

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
    ageGroup: filters.ageGroup || undefined,
    size: filters.size || undefined,
    sex: filters.sex || undefined,
    goodWithChildren: filters.goodWithChildren || undefined,
    goodWithDogs: filters.goodWithDogs || undefined,
    goodWithCats: filters.goodWithCats || undefined,
    near: filters.near || undefined,
    within: (filters.near && filters.within) || undefined,
    sort: (filters.sort === 'nearest' && !filters.near ? '' : filters.sort) || undefined,
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
