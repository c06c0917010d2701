import { useId, useState } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import {
  ageText,
  birthDateFromAge,
  breedLimit,
  breedSuggestions,
  monthsBetween,
  petFlagLabels,
  petFlags,
  petSexes,
  petSexLabels,
  petSizeLabels,
  petSizes,
  type Place,
} from '@pet-haven/shared/pets';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import type { PetFormOutput, PetFormValues } from './pet-form';
import { PlacePicker } from './place-picker';

const sexOptions = petSexes.map((s) => ({ value: s, label: petSexLabels[s] }));
const sizeOptions = petSizes.map((s) => ({ value: s, label: petSizeLabels[s] }));
const triOptions = [
  { value: 'unknown', label: 'Not known' },
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
];
/** A select's '' is "not given": null for the API. */
const emptyIsNull = (v: unknown) => (v === '' ? null : v);

/** Boxes that hold a partial or wrong age (the birth date is then cleared, the text kept). */
const editingAge = (y: string, m: string) =>
  !(/^\d{0,2}$/.test(y) && /^\d{0,2}$/.test(m) && Number(m || 0) < 12) || (y === '' && m === '');

const today = () => new Date().toISOString().slice(0, 10);

interface PetFactsFieldsProps {
  form: UseFormReturn<PetFormValues, unknown, PetFormOutput>;
  /** The pet's place as it is saved (the edit form), shown in the place box. */
  initialPlace: Place | null;
}

/**
 * "More about the pet" (all optional, issue 14): sex, size, age in years and months (which fills
 * Pet Age and an approximate birth date), breed with suggestions for the category, the place
 * distance search finds it by, and who it gets on with and its care.
 */
export function PetFactsFields({ form, initialPlace }: PetFactsFieldsProps) {
  const { register, formState, setValue, watch } = form;
  const { errors } = formState;
  const breedListId = useId();
  const category = watch('petCategory');
  const birthDate = watch('birthDate');
  const startMonths = birthDate ? monthsBetween(birthDate, today()) : null;
  const [years, setYears] = useState(
    startMonths === null ? '' : String(Math.floor(startMonths / 12)),
  );
  const [months, setMonths] = useState(startMonths === null ? '' : String(startMonths % 12));
  const [place, setPlace] = useState(initialPlace);
  const placeId = watch('placeId');
  // the form was reset (after adding a pet): the boxes kept here follow
  if (placeId == null && place !== null) setPlace(null);
  if (!birthDate && (years !== '' || months !== '') && !editingAge(years, months)) {
    setYears('');
    setMonths('');
  }

  function setAge(y: string, m: string) {
    setYears(y);
    setMonths(m);
    const yn = Number(y || 0);
    const mn = Number(m || 0);
    const valid = /^\d{0,2}$/.test(y) && /^\d{0,2}$/.test(m) && mn < 12 && (y !== '' || m !== '');
    if (!valid) {
      setValue('birthDate', null, { shouldDirty: true });
      return;
    }
    setValue('birthDate', birthDateFromAge(yn, mn, today()), { shouldDirty: true });
    setValue('petAge', ageText(yn * 12 + mn), { shouldDirty: true, shouldValidate: true });
  }

  return (
    <fieldset className="flex flex-col gap-5 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
      <legend className="px-1 text-sm font-semibold">More about the pet (optional)</legend>
      <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
        <FormField label="Sex" error={errors.sex?.message}>
          <Select options={sexOptions} {...register('sex')} />
        </FormField>
        <FormField label="Size" error={errors.size?.message}>
          <Select
            placeholder="Not given"
            options={sizeOptions}
            {...register('size', { setValueAs: emptyIsNull })}
          />
        </FormField>
        {/* one age, in years and months: a group named Age, so "Months" is not read alone */}
        <fieldset className="grid grid-cols-2 gap-3 sm:col-span-2">
          <legend className="mb-1 text-sm font-medium text-slate-800 dark:text-slate-200">
            Age
          </legend>
          <FormField label="Years" hint="Fills Pet Age" error={errors.birthDate?.message}>
            <Input
              inputMode="numeric"
              maxLength={2}
              value={years}
              onChange={(e) => setAge(e.target.value.trim(), months)}
            />
          </FormField>
          <FormField label="Months">
            <Input
              inputMode="numeric"
              maxLength={2}
              value={months}
              onChange={(e) => setAge(years, e.target.value.trim())}
            />
          </FormField>
        </fieldset>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label="Breed" error={errors.breed?.message}>
          <Input
            list={breedListId}
            maxLength={breedLimit}
            autoComplete="off"
            {...register('breed', { setValueAs: emptyIsNull })}
          />
        </FormField>
        <datalist id={breedListId}>
          {breedSuggestions[category ?? 'other'].map((b) => (
            <option key={b} value={b} />
          ))}
        </datalist>
        <FormField
          label="Town or city"
          hint="People searching by distance find the pet from here."
          error={errors.placeId?.message}
        >
          <Controller
            control={form.control}
            name="placeId"
            render={({ field }) => (
              <PlacePicker
                name="place"
                value={place}
                onChange={(picked) => {
                  setPlace(picked);
                  field.onChange(picked ? picked.id : null);
                }}
              />
            )}
          />
        </FormField>
      </div>
      <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
        {petFlags.map((flag) => (
          <FormField key={flag} label={petFlagLabels[flag]} error={errors[flag]?.message}>
            <Select options={triOptions} {...register(flag)} />
          </FormField>
        ))}
      </div>
    </fieldset>
  );
}
