import { ADMIN_PAGE_SIZE } from '@pet-haven/shared/admin';
import type { Pet } from '@pet-haven/shared/pets';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPage } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

/** GET /api/all-pets (admin): one page of every pet, adopted or not; total from X-Total-Count. */
function getAllPets(page: number, limit = ADMIN_PAGE_SIZE, signal?: AbortSignal) {
  return apiPage<Pet>('/all-pets', { query: { page, limit }, signal });
}

/** The key of every page of the admin's list (under the pets root: any pet change refreshes it). */
export const allPetsKey = [...queryRoots.pets, 'all'] as const;

const allPetsQueryOptions = (page: number, limit = ADMIN_PAGE_SIZE) =>
  queryOptions({
    queryKey: [...allPetsKey, { page, limit }],
    queryFn: ({ signal }) => getAllPets(page, limit, signal),
    placeholderData: keepPreviousData,
  });

export const useAllPets = (page: number, limit = ADMIN_PAGE_SIZE) =>
  useQuery(allPetsQueryOptions(page, limit));
