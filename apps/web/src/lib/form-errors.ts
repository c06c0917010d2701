import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from './api-client';

/**
 * Puts the server's field messages (`issues`, whose paths read like `json.petName`) next to the
 * form's own fields (an issue on an item of a list field, `json.morePhotos.2`, by that field);
 * issues about anything else are left to the screen's toast.
 */
export function setServerFieldErrors<T extends FieldValues>(
  err: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
): void {
  if (!isApiError(err)) return;
  for (const issue of err.issues) {
    const path = issue.path.replace(/^(json|body)\./, '');
    const name = (fields as readonly string[]).includes(path)
      ? (path as Path<T>)
      : (path.replace(/\.\d+$/, '') as Path<T>);
    if (fields.includes(name)) setError(name, { message: issue.message });
  }
}
