import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { petCategories, type PetCategory } from '@pet-haven/shared/pets';
import type { PetListFilters } from '../api/get-pets';

const isCategory = (v: string | null): v is PetCategory =>
  v !== null && (petCategories as readonly string[]).includes(v);

/** The filters a pet list URL names (`?search=max&category=dog`); anything else is ignored. */
export function petListFiltersFrom(params: URLSearchParams): PetListFilters {
  const rawCategory = params.get('category');
  return {
    search: params.get('search') ?? '',
    category: isCategory(rawCategory) ? rawCategory : '',
  };
}

/**
 * The list's search and category live in the URL (`/petlist?search=max&category=dog`), so a
 * filtered list can be shared and survives a reload. Changes replace the history entry.
 */
export function usePetListParams() {
  const [params, setParams] = useSearchParams();
  const { search, category } = petListFiltersFrom(params);

  const filters = useMemo<PetListFilters>(() => ({ search, category }), [search, category]);

  /** Changes one or more filters at once; empty values leave the URL. */
  const setFilters = useCallback(
    (patch: Partial<PetListFilters>) => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [name, value] of Object.entries(patch)) {
            const v = (value ?? '').trim();
            if (v) next.set(name, v);
            else next.delete(name);
          }
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  return { filters, setFilters };
}
