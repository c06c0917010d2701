import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client';

/** Spec section 9: queries retry 2 times and do not refetch on window focus. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => {
          // A definite answer from the server (4xx) will not change on retry.
          if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
          return failureCount < 2;
        },
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
    },
  });
}
