import { ADMIN_PAGE_SIZE } from '@pet-haven/shared/admin';
import type { Pet } from '@pet-haven/shared/pets';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPage } from '@/lib/api-client';

/** GET /api/all-pets (admin): one page of every pet, adopted or not; total from X-Total-Count. */
export function getAllPets(page: number, limit = ADMIN_PAGE_SIZE, signal?: AbortSignal) {
  return apiPage<Pet>('/all-pets', { query: { page, limit }, signal });
}

export const allPetsQueryKey = ['admin', 'all-pets'] as const;

export const allPetsQueryOptions = (page: number, limit = ADMIN_PAGE_SIZE) =>
  queryOptions({
    queryKey: [...allPetsQueryKey, { page, limit }],
    queryFn: ({ signal }) => getAllPets(page, limit, signal),
    placeholderData: keepPreviousData,
  });

export const useAllPets = (page: number, limit = ADMIN_PAGE_SIZE) =>
  useQuery(allPetsQueryOptions(page, limit));
