import type { SavedSearch } from '@pet-haven/shared/saved-searches';
import type { SavedSearchRow } from './saved-searches.repository';

export function presentSavedSearch(row: SavedSearchRow): SavedSearch {
  return {
    id: row.id,
    name: row.name,
    query: row.query,
    alerts: row.alerts,
    createdAt: row.createdAt.toISOString(),
    lastAlertedAt: row.lastAlertedAt?.toISOString() ?? null,
  };
}
