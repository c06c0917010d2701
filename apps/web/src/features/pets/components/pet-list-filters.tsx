import { useEffect, useState } from 'react';
import { petCategories } from '@pet-haven/shared/pets';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { categoryLabels } from '@/utils/category-label';
import type { PetListFilters } from '../api/get-pets';

const SEARCH_DEBOUNCE_MS = 300;

const categoryOptions = petCategories.map((c) => ({ value: c, label: categoryLabels[c] }));

interface PetListFiltersProps {
  filters: PetListFilters;
  onChange: (patch: Partial<PetListFilters>) => void;
}

/** The name search box (debounced) and the category dropdown of the pet list. */
export function PetListFiltersBar({ filters, onChange }: PetListFiltersProps) {
  const [text, setText] = useState(filters.search);
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
    <form
      role="search"
      aria-label="Filter pets"
      onSubmit={(e) => {
        e.preventDefault();
        onChange({ search: text });
      }}
      className="mb-8 grid gap-4 sm:grid-cols-[1fr_14rem]"
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
    </form>
  );
}
