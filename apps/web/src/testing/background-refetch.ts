import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { act, waitFor } from '@testing-library/react';
import { expect, vi } from 'vitest';
import { heldAnswer } from './held-answer';

/**
 * A list fetched again in the background (as after signing in) with a slow answer, for the
 * infinite lists' tests (fake requestAnimationFrame):
 *
 *   const refetch = backgroundRefetch();
 *   answer('GET /api/pets', async () => { await refetch.wait(); return page(pets); });
 *   await refetch.start(r.queryClient, petListKey, () => firstPagesAsked());
 *   // ...the screen while the list is on its way...
 *   await refetch.release(r.queryClient);
 */
export function backgroundRefetch() {
  let held: ReturnType<typeof heldAnswer> | null = null;
  return {
    /** For the list's fake answer: waits while a background fetch is held (not before `start`). */
    wait: async () => {
      if (held) await held.answer(() => null)();
    },
    /** Fetches the list again, answers held; resolves once its first page is asked again. */
    async start(queryClient: QueryClient, queryKey: QueryKey, firstPageAsked: () => number) {
      const before = firstPageAsked();
      held = heldAnswer();
      act(() => {
        void queryClient.invalidateQueries({ queryKey });
      });
      await waitFor(() => expect(firstPageAsked()).toBe(before + 1));
    },
    /** Lets the answers go, waits until nothing is fetched, then runs the list's animation frame. */
    async release(queryClient: QueryClient) {
      act(() => held?.release());
      await waitFor(() => expect(queryClient.isFetching()).toBe(0));
      act(() => vi.advanceTimersToNextFrame());
    },
  };
}
