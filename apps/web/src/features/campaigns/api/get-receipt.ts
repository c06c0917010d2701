import type { Receipt } from '@pet-haven/shared/receipts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

export const receiptKey = (id: string) => [...queryRoots.donations, 'receipt', id] as const;

/** GET /api/user/donations/{id}/receipt: the receipt of one of the caller's donations. */
export const useReceipt = (id: string) =>
  useQuery(
    queryOptions({
      queryKey: receiptKey(id),
      queryFn: ({ signal }) =>
        api<Receipt>(`/user/donations/${encodeURIComponent(id)}/receipt`, { signal }),
    }),
  );
