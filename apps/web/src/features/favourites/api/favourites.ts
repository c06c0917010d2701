import { type Favourite, FAVOURITES_PAGE_SIZE } from '@pet-haven/shared/favourites';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useApiMutation } from '@/lib/mutations';
import { useNumberedPages } from '@/lib/paging';
import { queryRoots } from '@/lib/query-keys';

/** The key of the saved pets' ids (the hearts). */
export const favouriteIdsKey = [...queryRoots.favourites, 'ids'] as const;
/** The key of every page of the favourites list. */
export const favouritesKey = [...queryRoots.favourites, 'list'] as const;

/** GET /api/user/favourite-pet-ids, asked only for a signed-in user (`enabled`). */
export const useFavouritePetIds = (enabled: boolean) =>
  useQuery(
    queryOptions({
      queryKey: favouriteIdsKey,
      queryFn: ({ signal }) => api<string[]>('/user/favourite-pet-ids', { signal }),
      enabled,
      select: (ids) => new Set(ids),
    }),
  );

/** PUT or DELETE /api/user/favourites/{id}: the heart shows the new state at once. */
export const useToggleFavourite = () =>
  useApiMutation({
    mutationFn: ({ petId, save }: { petId: string; save: boolean }) =>
      api(`/user/favourites/${encodeURIComponent(petId)}`, { method: save ? 'PUT' : 'DELETE' }),
    update: (queryClient, _answer, { petId, save }) =>
      queryClient.setQueryData<string[]>(favouriteIdsKey, (ids = []) =>
        save ? [petId, ...ids.filter((id) => id !== petId)] : ids.filter((id) => id !== petId),
      ),
    invalidates: [favouritesKey, favouriteIdsKey],
  });

/** GET /api/user/favourites: the user's saved pets, a page at a time, newest first. */
export const useFavourites = () =>
  useNumberedPages<Favourite>({
    key: favouritesKey,
    path: '/user/favourites',
    limit: FAVOURITES_PAGE_SIZE,
  });
