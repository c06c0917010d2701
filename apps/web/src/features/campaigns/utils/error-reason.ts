import { isApiError } from '@/lib/api-client';

/** The sentence to show for a refused call: the first field's message, else the server's. */
export function errorReason(err: unknown): string | undefined {
  if (!isApiError(err)) return undefined;
  return err.issues[0]?.message ?? err.message;
}

/** True for an answer the user can act on (a 4xx with the server's message). */
export function isClientRefusal(err: unknown): boolean {
  return isApiError(err) && err.status >= 400 && err.status < 500;
}
