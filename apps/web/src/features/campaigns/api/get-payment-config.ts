import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '@pet-haven/shared/users';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

/** GET /api/config: which payment provider this server uses (Stripe or the test provider). */
function getPaymentConfig(signal?: AbortSignal): Promise<PublicConfig> {
  return api<PublicConfig>('/config', { signal, anonymous: true });
}

const paymentConfigQueryOptions = () =>
  queryOptions({
    // Same key as every other reader of GET /api/config: one request for the whole app.
    queryKey: queryRoots.config,
    queryFn: ({ signal }) => getPaymentConfig(signal),
    staleTime: Infinity,
    select: (config) => config.payments,
  });

export function usePaymentConfig() {
  return useQuery(paymentConfigQueryOptions());
}
