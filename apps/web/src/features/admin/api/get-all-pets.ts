import { ADMIN_PAGE_SIZE } from '@pet-haven/shared/admin';
import type { Pet } from '@pet-haven/shared/pets';
import { useNumberedPages } from '@/lib/paging';
import { queryRoots } from '@/lib/query-keys';

/** The key of every page of the admin's list (under the pets root: any pet change refreshes it). */
export const allPetsKey = [...queryRoots.pets, 'all'] as const;

/** GET /api/all-pets (admin): every pet, adopted or not, a page at a time. */
export const useAllPets = () =>
  useNumberedPages<Pet>({ key: allPetsKey, path: '/all-pets', limit: ADMIN_PAGE_SIZE });
