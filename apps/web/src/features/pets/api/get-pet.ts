import type { Pet } from '@pet-haven/shared/pets';
import { detailQuery } from '@/lib/detail-query';
import { queryRoots } from '@/lib/query-keys';

export const petKey = (id: string) => [...queryRoots.pets, 'detail', id] as const;

/** GET /api/pets/{id}: one pet (details screen and edit form). */
const pet = detailQuery<Pet>(petKey, '/pets');

export const usePet = pet.useDetail;

/** Fetches it into the cache (a page rendered on the server, decision 021); rejects with the ApiError. */
export const loadPet = pet.load;
