import { useState } from 'react';
import {
  ageGroupLabels,
  ageGroups,
  DEFAULT_DISTANCE_KM,
  distanceChoicesKm,
  petSexFilters,
  petSexLabels,
  petSizeLabels,
  petSizes,
} from '@pet-haven/shared/pets';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import { Select } from '@/components/ui/select';
import { noPetListFilters, type PetListFilters } from '../api/get-pets';
import { PlacePicker } from './place-picker';

const ageOptions = ageGroups.map((a) => ({ value: a, label: ageGroupLabels[a] }));
const sizeOptions = petSizes.map((s) => ({ value: s, label: petSizeLabels[s] }));
const sexOptions = petSexFilters.map((s) => ({ value: s, label: petSexLabels[s] }));
const distanceOptions = distanceChoicesKm.map((km) => ({ value: String(km), label: `${km} km` }));

const goodWith = [
  ['goodWithChildren', 'Children'],
  ['goodWithDogs', 'Dogs'],
  ['goodWithCats', 'Cats'],
] as const;

interface PetFiltersSheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  filters: PetListFilters;
  onApply: (patch: Partial<PetListFilters>) => void;
}

/**
 * "More filters": age group, size, sex, good with children, dogs and cats, and distance from a
 * place. Chosen in the sheet, applied together with Show pets (one history entry); a sheet along
 * the bottom on a phone, a dialog on wider screens.
 */
export function PetFiltersSheet({ open, onOpenChange, filters, onApply }: PetFiltersSheetProps) {
  const [draft, setDraft] = useState(filters);
  const [wasOpen, setWasOpen] = useState(open);
  // each opening starts from the filters applied (the URL's): choices closed without Show pets
  // are dropped
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setDraft(filters);
  }
  const set = (patch: Partial<PetListFilters>) => setDraft((d) => ({ ...d, ...patch }));

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="More filters"
      description="Narrow the list by age, size, who the pet gets on with, and distance."
      hideDescription
      className="max-sm:top-auto max-sm:bottom-0 max-sm:max-h-[85vh] max-sm:w-full max-sm:translate-y-0 max-sm:rounded-b-none"
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const { search: _search, category: _category, sort: _sort, ...more } = draft;
          onApply({
            ...more,
            sort: draft.near || filters.sort !== 'nearest' ? filters.sort : '',
          });
          onOpenChange(false);
        }}
        className="flex flex-col gap-4"
      >
        <div className="grid gap-4 sm:grid-cols-3">
          <FormField label="Age">
            <Select
              name="ageGroup"
              placeholder="Any age"
              options={ageOptions}
              value={draft.ageGroup}
              onChange={(e) => set({ ageGroup: e.target.value as PetListFilters['ageGroup'] })}
            />
          </FormField>
          <FormField label="Size">
            <Select
              name="size"
              placeholder="Any size"
              options={sizeOptions}
              value={draft.size}
              onChange={(e) => set({ size: e.target.value as PetListFilters['size'] })}
            />
          </FormField>
          <FormField label="Sex">
            <Select
              name="sex"
              placeholder="Either"
              options={sexOptions}
              value={draft.sex}
              onChange={(e) => set({ sex: e.target.value as PetListFilters['sex'] })}
            />
          </FormField>
        </div>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium">Good with</legend>
          <div className="flex flex-wrap gap-x-6 gap-y-2">
            {goodWith.map(([key, label]) => (
              <label key={key} className="inline-flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="size-4 accent-brand-600"
                  checked={draft[key]}
                  onChange={(e) => set({ [key]: e.target.checked })}
                />
                {label}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-[1fr_9rem]">
          <FormField label="Near" hint="A town or city; pets listed with a place are found.">
            <PlacePicker
              name="near"
              value={draft.near ? { id: Number(draft.near), label: draft.place } : null}
              onChange={(place) =>
                set(
                  place ? { near: String(place.id), place: place.label } : { near: '', place: '' },
                )
              }
            />
          </FormField>
          <FormField label="Within">
            <Select
              name="within"
              options={distanceOptions}
              value={draft.within || String(DEFAULT_DISTANCE_KM)}
              disabled={!draft.near}
              onChange={(e) =>
                set({
                  within: e.target.value === String(DEFAULT_DISTANCE_KM) ? '' : e.target.value,
                })
              }
            />
          </FormField>
        </div>
        <div className="mt-2 flex flex-wrap justify-end gap-2">
          <Button
            type="button"
            variant="secondary"
            onClick={() => {
              const { search, category, sort } = draft;
              setDraft({ ...noPetListFilters, search, category, sort });
            }}
          >
            Reset
          </Button>
          <Button type="submit">Show pets</Button>
        </div>
      </form>
    </Modal>
  );
}
