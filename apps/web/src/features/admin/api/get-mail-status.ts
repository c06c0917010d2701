import type { MailStatus } from '@pet-haven/shared/mail';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

export const mailStatusKey = [...queryRoots.mail, 'status'] as const;

/** GET /api/admin/mail-status (admins): asked only when `enabled` (the caller is an admin). */
export const useMailStatus = (enabled: boolean) =>
  useQuery(
    queryOptions({
      queryKey: mailStatusKey,
      queryFn: ({ signal }) => api<MailStatus>('/admin/mail-status', { signal }),
      enabled,
      staleTime: 60_000,
    }),
  );
