import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { createQueryClient } from './query-client';

/** Spec section 9: data queries retry 2 times and do not refetch on window focus. */
describe('query client', () => {
  async function attempts(error: Error) {
    const client = createQueryClient();
    let calls = 0;
    await client
      .fetchQuery({
        queryKey: ['x'],
        queryFn: () => {
          calls += 1;
          return Promise.reject(error);
        },
        retryDelay: 0,
      })
      .catch(() => undefined);
    return calls;
  }

  it('retries a failed query 2 times (3 attempts) on network and server errors', async () => {
    expect(await attempts(new ApiError(0, 'NETWORK_ERROR', 'offline'))).toBe(3);
    expect(await attempts(new ApiError(500, 'INTERNAL_ERROR', 'boom'))).toBe(3);
  });

  it('does not retry a definite 4xx answer', async () => {
    expect(await attempts(new ApiError(404, 'NOT_FOUND', 'missing'))).toBe(1);
    expect(await attempts(new ApiError(403, 'FORBIDDEN', 'no'))).toBe(1);
  });

  it('does not refetch on window focus', () => {
    expect(createQueryClient().getDefaultOptions().queries?.refetchOnWindowFocus).toBe(false);
  });
});
