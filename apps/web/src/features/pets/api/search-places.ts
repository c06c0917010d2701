import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Place } from '@pet-haven/shared/pets';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

export const placesKey = (q: string) => [...queryRoots.places, 'search', q] as const;

/** GET /api/places?q=: up to ten places whose name starts with `q` (none asked below 2 letters). */
export const usePlaceSuggestions = (q: string) =>
  useQuery({
    queryKey: placesKey(q),
    queryFn: ({ signal }) => api<Place[]>('/places', { query: { q }, signal }),
    enabled: q.length >= 2,
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  });
