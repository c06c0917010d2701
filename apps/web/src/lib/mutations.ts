import {
  useMutation,
  useQueryClient,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';

interface ApiMutation<TData, TVariables> {
  /** Calls the API (the endpoint file's fetcher). */
  mutationFn: (variables: TVariables) => Promise<TData>;
  /**
   * What the call changes, refreshed once it has succeeded: the feature's own `<query>Key`s, and
   * `queryRoots.<resource>` for what other features show of it (decision 018); never every query.
   * The mutation ends when they have been asked for again.
   */
  invalidates: readonly QueryKey[] | ((variables: TVariables) => readonly QueryKey[]);
  /** Refresh after a failure too (the admin's tables then show the server's state either way). */
  evenOnError?: boolean;
  /** Puts what the server answered into the cache at once, before the refresh. */
  update?: (queryClient: QueryClient, data: TData, variables: TVariables) => void;
}

/**
 * THE shape of a web mutation: call the API, then refresh the queries it changes. Copy
 * `features/admin/api/delete-pet.ts`.
 */
export function useApiMutation<TData, TVariables>({
  mutationFn,
  invalidates,
  evenOnError = false,
  update,
}: ApiMutation<TData, TVariables>) {
  const queryClient = useQueryClient();
  const refresh = (variables: TVariables) => {
    const keys = typeof invalidates === 'function' ? invalidates(variables) : invalidates;
    return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  };
  return useMutation({
    mutationFn,
    onSuccess: (data, variables) => {
      update?.(queryClient, data, variables);
      return evenOnError ? undefined : refresh(variables);
    },
    onSettled: (_data, _error, variables) => (evenOnError ? refresh(variables) : undefined),
  });
}
