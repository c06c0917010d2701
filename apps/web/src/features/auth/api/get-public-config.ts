import type { PublicConfig } from '@pet-haven/shared/users';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

/** GET /api/config: which social providers this server has configured. */
function getPublicConfig(signal?: AbortSignal): Promise<PublicConfig> {
  return api<PublicConfig>('/config', { signal, anonymous: true });
}

export const publicConfigQueryOptions = () =>
  queryOptions({
    queryKey: queryRoots.config,
    queryFn: ({ signal }) => getPublicConfig(signal),
    staleTime: Infinity,
  });
