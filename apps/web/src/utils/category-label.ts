import type { PetCategory } from '@pet-haven/shared/pets';

/** Display names of the categories (spec section 2: Dog, Cat, Bird, Reptile, Other). */
export const categoryLabels: Record<PetCategory, string> = {
  dog: 'Dog',
  cat: 'Cat',
  bird: 'Bird',
  reptile: 'Reptile',
  other: 'Other',
};

export const categoryLabel = (c: string) => categoryLabels[c as PetCategory] ?? c;
