import { lazy, Suspense, useEffect, useState } from 'react';
import { petCategories, petSortLabels, petSorts } from '@pet-haven/shared/pets';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { categoryLabels } from '@/utils/category-label';
import type { PetListFilters } from '../api/get-pets';
import { moreFiltersCount } from '../hooks/use-pet-list-params';

// The facts and distance filters: loaded when first opened, never with the list (decision 022).
const loadFiltersSheet = () => import('./pet-filters-sheet');
const PetFiltersSheet = lazy(() =>
  loadFiltersSheet().then((m) => ({ default: m.PetFiltersSheet })),
);

const SEARCH_DEBOUNCE_MS = 300;

const categoryOptions = petCategories.map((c) => ({ value: c, label: categoryLabels[c] }));

interface PetListFiltersProps {
  filters: PetListFilters;
  onChange: (patch: Partial<PetListFilters>) => void;
}

/**
 * The name search box (debounced), the category and sort dropdowns of the pet list, and "More
 * filters" (age, size, sex, good with, distance) in a sheet.
 */
export function PetListFiltersBar({ filters, onChange }: PetListFiltersProps) {
  const [text, setText] = useState(filters.search);
  const [sheetOpen, setSheetOpen] = useState(false);
  const [sheetMounted, setSheetMounted] = useState(false);
  const more = moreFiltersCount(filters);
  const sortOptions = petSorts
    .filter((s) => s !== 'nearest' || filters.near)
    .map((s) => ({ value: s, label: petSortLabels[s] }));
  const debounced = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);

  // typed text reaches the URL once typing pauses
  useEffect(() => {
    if (debounced.trim() !== filters.search) onChange({ search: debounced });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the debounced text changes
  }, [debounced]);

  // the URL changed from elsewhere (back button, a shared link): show it in the box
  const [lastUrlSearch, setLastUrlSearch] = useState(filters.search);
  if (filters.search !== lastUrlSearch) {
    setLastUrlSearch(filters.search);
    if (filters.search !== text.trim()) setText(filters.search);
  }

  return (
    <>
      <form
        role="search"
        aria-label="Filter pets"
        onSubmit={(e) => {
          e.preventDefault();
          onChange({ search: text });
        }}
        className="mb-8 grid items-end gap-4 sm:grid-cols-2 lg:grid-cols-[1fr_12rem_10rem_auto]"
      >
        <FormField label="Search by name">
          <Input
            type="search"
            name="search"
            value={text}
            placeholder="e.g. Bella"
            autoComplete="off"
            maxLength={100}
            onChange={(e) => setText(e.target.value)}
          />
        </FormField>
        <FormField label="Category">
          <Select
            name="category"
            value={filters.category}
            options={categoryOptions}
            placeholder="All"
            onChange={(e) => onChange({ category: e.target.value as PetListFilters['category'] })}
          />
        </FormField>
        <FormField label="Sort by">
          <Select
            name="sort"
            value={filters.sort || 'newest'}
            options={sortOptions}
            onChange={(e) =>
              onChange({
                sort: e.target.value === 'newest' ? '' : (e.target.value as PetListFilters['sort']),
              })
            }
          />
        </FormField>
        <Button
          type="button"
          variant="secondary"
          className="h-10"
          aria-haspopup="dialog"
          onPointerEnter={() => void loadFiltersSheet()}
          onFocus={() => void loadFiltersSheet()}
          onClick={() => {
            setSheetMounted(true);
            setSheetOpen(true);
          }}
        >
          {more > 0 ? `More filters (${more})` : 'More filters'}
        </Button>
      </form>
      {sheetMounted && (
        <Suspense fallback={null}>
          <PetFiltersSheet
            open={sheetOpen}
            onOpenChange={setSheetOpen}
            filters={filters}
            onApply={onChange}
          />
        </Suspense>
      )}
    </>
  );
}
