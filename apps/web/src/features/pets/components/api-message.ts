import { isApiError } from '@/lib/api-client';

/**
 * The text to show for a failed call: the server's own message when it refused the request
 * (a 4xx other than 401, which means signed out), otherwise the screen's fallback.
 */
export function refusalMessage(error: unknown, fallback: string): string {
  if (isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 401) {
    return error.message;
  }
  return fallback;
}
