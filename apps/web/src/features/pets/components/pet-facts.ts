import {
  ageGroupLabels,
  petFlagLabels,
  petFlags,
  petSexLabels,
  petSizeLabels,
  type Pet,
} from '@pet-haven/shared/pets';

/**
 * The facts a pet's owner gave, as label and text for the details page; facts not given (unknown,
 * empty) are left out, so a pet listed the spec's way shows none.
 */
export function factRows(pet: Pet): Array<[string, string]> {
  const rows: Array<[string, string | null]> = [
    ['Sex', pet.sex === 'unknown' ? null : petSexLabels[pet.sex]],
    ['Size', pet.size && petSizeLabels[pet.size]],
    ['Age group', pet.ageGroup && ageGroupLabels[pet.ageGroup]],
    ['Breed', pet.breed],
    ['Place', pet.place?.label ?? null],
    ...petFlags.map((flag): [string, string | null] => [
      petFlagLabels[flag],
      pet[flag] === 'unknown' ? null : pet[flag] === 'yes' ? 'Yes' : 'No',
    ]),
  ];
  return rows.filter((r): r is [string, string] => Boolean(r[1]));
}
