import {
  ageGroupLabels,
  DEFAULT_DISTANCE_KM,
  petSexLabels,
  petSizeLabels,
  type AgeGroup,
  type PetSize,
} from '@pet-haven/shared/pets';
import { categoryLabel } from '@/utils/category-label';

const goodWith: Record<string, string> = {
  goodWithChildren: 'children',
  goodWithDogs: 'dogs',
  goodWithCats: 'cats',
};

/**
 * A saved search's filters in words ("Cat, Small, Female, good with children, within 50 km"):
 * the name a new search is offered, and the line under each saved one (a distance search names
 * its place by the label /petlist keeps beside its id).
 */
export function describeFilters(query: string): string {
  const p = new URLSearchParams(query);
  const placeLabel = p.get('place');
  const parts: string[] = [];
  const category = p.get('category');
  if (category) parts.push(categoryLabel(category));
  const size = p.get('size');
  if (size) parts.push(petSizeLabels[size as PetSize] ?? size);
  const sex = p.get('sex');
  if (sex === 'female' || sex === 'male') parts.push(petSexLabels[sex]);
  const age = p.get('ageGroup');
  if (age) parts.push(ageGroupLabels[age as AgeGroup] ?? age);
  const friends = Object.keys(goodWith).filter((k) => p.get(k) === 'true');
  if (friends.length > 0) {
    parts.push(`good with ${friends.map((k) => goodWith[k]).join(' and ')}`);
  }
  const search = p.get('search');
  if (search) parts.push(`named like "${search}"`);
  if (p.get('near')) {
    const km = p.get('within') ?? String(DEFAULT_DISTANCE_KM);
    parts.push(placeLabel ? `within ${km} km of ${placeLabel}` : `within ${km} km`);
  }
  return parts.length > 0 ? parts.join(', ') : 'All pets';
}
