import type { Place } from '@pet-haven/shared/pets';

/** A gazetteer place as the API answers it. */
export const presentPlace = (row: { id: number; label: string }): Place => ({
  id: row.id,
  label: row.label,
});
