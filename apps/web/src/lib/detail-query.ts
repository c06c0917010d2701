import { queryOptions, useQuery, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { api } from './api-client';

/**
 * One resource read by its id (a details screen), described once by its key and path: the hook
 * that reads it, and the loader that fetches it into the cache under the same key (a page rendered
 * on the server, decision 021), which rejects with the ApiError. An endpoint file exports both
 * with the resource's names (`usePet`, `loadPet`) beside its `<query>Key`.
 */
export function detailQuery<T>(keyOf: (id: string) => QueryKey, path: string) {
  const options = (id: string) =>
    queryOptions({
      queryKey: keyOf(id),
      queryFn: ({ signal }) => api<T>(`${path}/${encodeURIComponent(id)}`, { signal }),
    });
  return {
    useDetail: (id: string) => useQuery(options(id)),
    load: (queryClient: QueryClient, id: string): Promise<T> => queryClient.fetchQuery(options(id)),
  };
}
