import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  ageGroups,
  distanceChoicesKm,
  petCategories,
  petSexFilters,
  petSizes,
  petSorts,
} from '@pet-haven/shared/pets';
import { noPetListFilters, type PetListFilters } from '../api/get-pets';

/** `value` when it is one of `choices`, else ''. */
const oneOf = <T extends string>(choices: readonly T[], value: string | null): T | '' =>
  value !== null && (choices as readonly string[]).includes(value) ? (value as T) : '';

const digits = (value: string | null) => (value && /^[1-9][0-9]{0,8}$/.test(value) ? value : '');

/**
 * The filters a pet list URL names (`?search=max&category=dog&size=small&near=2644688`); a value
 * that is not one of the choices is ignored (the list shows unfiltered by it).
 */
export function petListFiltersFrom(params: URLSearchParams): PetListFilters {
  const near = digits(params.get('near'));
  return {
    search: params.get('search') ?? '',
    category: oneOf(petCategories, params.get('category')),
    ageGroup: oneOf(ageGroups, params.get('ageGroup')),
    size: oneOf(petSizes, params.get('size')),
    sex: oneOf(petSexFilters, params.get('sex')),
    goodWithChildren: params.get('goodWithChildren') === 'true',
    goodWithDogs: params.get('goodWithDogs') === 'true',
    goodWithCats: params.get('goodWithCats') === 'true',
    near,
    place: near ? (params.get('place') ?? '') : '',
    // one of the sheet's choices (a hand-made radius the server would refuse is left out)
    within: near ? oneOf(distanceChoicesKm.map(String), params.get('within')) : '',
    sort: oneOf(petSorts, params.get('sort')),
  };
}

/**
 * The filters the list applies, as a query string without the sort (what a saved search keeps):
 * values the list ignores are not in it.
 */
export function appliedFiltersQuery(f: PetListFilters): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(f)) {
    if (name === 'sort') continue;
    const v = typeof value === 'boolean' ? (value ? 'true' : '') : value.trim();
    if (v) params.set(name, v);
  }
  return params.toString();
}

/** How many filters beyond the name and category are set (the "More filters" button says it). */
export const moreFiltersCount = (f: PetListFilters) =>
  [f.ageGroup, f.size, f.sex, f.goodWithChildren, f.goodWithDogs, f.goodWithCats, f.near].filter(
    Boolean,
  ).length;

/** Whether any filter narrows the list. */
export const isFiltered = (f: PetListFilters) =>
  Boolean(f.search || f.category) || moreFiltersCount(f) > 0;

/**
 * Every filter and the sort of the list live in the URL (`/petlist?search=max&size=small`), so a
 * filtered list can be shared, survives a reload, and Back returns to the previous filters: a
 * change of the name search replaces the history entry (one per pause in typing would be noise),
 * any other change adds one.
 */
export function usePetListParams() {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the filters change with the URL's text
  const filters = useMemo(() => petListFiltersFrom(params), [key]);

  /** Changes one or more filters at once; empty values leave the URL. */
  const setFilters = useCallback(
    (patch: Partial<PetListFilters>) => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [name, value] of Object.entries(patch)) {
            const v = typeof value === 'boolean' ? (value ? 'true' : '') : (value ?? '').trim();
            if (v) next.set(name, v);
            else next.delete(name);
          }
          if (!next.get('near')) {
            next.delete('place');
            next.delete('within');
            if (next.get('sort') === 'nearest') next.delete('sort');
          }
          return next;
        },
        { replace: Object.keys(patch).every((k) => k === 'search') },
      );
    },
    [setParams],
  );

  const clearFilters = useCallback(() => setFilters(noPetListFilters), [setFilters]);

  return { filters, setFilters, clearFilters };
}
