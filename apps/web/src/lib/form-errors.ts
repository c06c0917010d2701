import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from './api-client';

/**
 * Puts the server's field messages (`issues`, whose paths read like `json.petName`) next to the
 * form's own fields; issues about anything else are left to the screen's toast.
 */
export function setServerFieldErrors<T extends FieldValues>(
  err: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
): void {
  if (!isApiError(err)) return;
  for (const issue of err.issues) {
    const name = issue.path.replace(/^(json|body)\./, '') as Path<T>;
    if (fields.includes(name)) setError(name, { message: issue.message });
  }
}
