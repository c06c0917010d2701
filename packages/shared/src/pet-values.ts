/**
 * The pets' plain values (categories, limits, page sizes): no zod, so a page that needs only
 * these never loads the schemas (pets.ts re-exports them; decision 022).
 */

/** Spec section 9: pet categories. */
export const petCategories = ['dog', 'cat', 'bird', 'reptile', 'other'] as const;

/**
 * An adoption request's statuses. The owner moves a request along `adoptionTransitions`;
 * `closed` is set by the site when the pet goes to someone else.
 */
export const adoptionStatuses = ['pending', 'accepted', 'rejected', 'adopted', 'closed'] as const;
export type AdoptionStatusValue = (typeof adoptionStatuses)[number];

/**
 * Where the owner (or an admin) may move a request from each status. Accepted and rejected may
 * switch (spec section 7); rejecting an accepted request is the adoption falling through, and the
 * pet is available again. Adopted and closed are final. Anything else is a 409.
 */
export const adoptionTransitions: Record<AdoptionStatusValue, readonly AdoptionStatusValue[]> = {
  pending: ['accepted', 'rejected'],
  accepted: ['rejected', 'adopted'],
  rejected: ['accepted'],
  adopted: [],
  closed: [],
};

/** Statuses in which the two parties may still write to each other on a request. */
export const conversationOpenStatuses: readonly AdoptionStatusValue[] = [
  'pending',
  'accepted',
  'adopted',
];

/** How each status reads on the dashboards. */
export const adoptionStatusLabels: Record<AdoptionStatusValue, string> = {
  pending: 'Pending',
  accepted: 'Accepted',
  rejected: 'Rejected',
  adopted: 'Adopted',
  closed: 'Closed',
};

/** The optional application questions of the Adopt dialog. */
export const homeTypes = ['house', 'flat', 'other'] as const;
export const homeTypeLabels: Record<(typeof homeTypes)[number], string> = {
  house: 'House',
  flat: 'Flat or apartment',
  other: 'Other',
};
export const yesNoAnswers = ['yes', 'no'] as const;
export const applicationLimits = { otherPets: 300, experience: 1000, message: 2000 } as const;

/** A message in the conversation on an adoption request. */
export const MESSAGE_MAX_LENGTH = 2000;
/** Page size of a request's conversation (newest first) when `limit` is not given. */
export const MESSAGES_PAGE_SIZE = 50;

/** Maximum lengths, matching the database columns (long descriptions are capped here). */
export const petLimits = {
  petName: 100,
  petAge: 50,
  petLocation: 200,
  shortDescription: 300,
  longDescription: 5000,
} as const;

/** Page size of GET /api/pets when `limit` is not given. */
export const PETS_PAGE_SIZE = 24;
/** Page size of the dashboard tables (my pets, adoption requests) when `limit` is not given. */
export const DASHBOARD_PAGE_SIZE = 10;

export const adoptionLimits = { phone: 40, address: 500 } as const;

/** A pet's facts (issue 14): each optional; a pet listed the spec's way has none of them. */
export const petSexes = ['female', 'male', 'unknown'] as const;
export type PetSex = (typeof petSexes)[number];
/** The sexes the pet list filters by (an unknown sex is not a filter). */
export const petSexFilters = ['female', 'male'] as const;
export const petSexLabels: Record<PetSex, string> = {
  female: 'Female',
  male: 'Male',
  unknown: 'Unknown',
};

export const petSizes = ['small', 'medium', 'large', 'extra-large'] as const;
export type PetSize = (typeof petSizes)[number];
export const petSizeLabels: Record<PetSize, string> = {
  small: 'Small',
  medium: 'Medium',
  large: 'Large',
  'extra-large': 'Extra large',
};

/** Yes, no, or not known: the answer to each "good with", health and care fact. */
export const triStates = ['yes', 'no', 'unknown'] as const;
export type TriState = (typeof triStates)[number];

/** The yes/no/unknown facts of a pet, with how each reads. */
export const petFlagLabels = {
  goodWithChildren: 'Good with children',
  goodWithDogs: 'Good with dogs',
  goodWithCats: 'Good with cats',
  houseTrained: 'House-trained',
  vaccinated: 'Vaccinated',
  neutered: 'Spayed or neutered',
  specialNeeds: 'Special needs',
} as const;
export type PetFlag = keyof typeof petFlagLabels;
export const petFlags = Object.keys(petFlagLabels) as PetFlag[];

/** Age groups for filtering, from a pet's approximate birth date. */
export const ageGroups = ['baby', 'young', 'adult', 'senior'] as const;
export type AgeGroup = (typeof ageGroups)[number];
export const ageGroupLabels: Record<AgeGroup, string> = {
  baby: 'Baby',
  young: 'Young',
  adult: 'Adult',
  senior: 'Senior',
};

/**
 * THE age bands, per category, in whole months: a pet is a baby below the first number, young
 * below the second, an adult below the third and a senior from there. The server's filter and
 * every label read them here.
 */
export const ageBands: Record<(typeof petCategories)[number], readonly [number, number, number]> = {
  dog: [6, 24, 96],
  cat: [6, 24, 120],
  bird: [6, 12, 96],
  reptile: [6, 24, 120],
  other: [3, 12, 60],
};

/** The age group of a pet of `category` aged `months`. */
export function ageGroupOf(category: (typeof petCategories)[number], months: number): AgeGroup {
  const [baby, young, adult] = ageBands[category];
  return months < baby ? 'baby' : months < young ? 'young' : months < adult ? 'adult' : 'senior';
}

/** Whole months from `birthDate` (YYYY-MM-DD) to `today` (YYYY-MM-DD); never below 0. */
export function monthsBetween(birthDate: string, today: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  const months = (ty - by) * 12 + (tm - bm) - (td < bd ? 1 : 0);
  return Math.max(0, months);
}

/** An age in months as the spec's free text reads it: "2 years, 3 months", "5 months". */
export function ageText(months: number): string {
  const years = Math.floor(months / 12);
  const rest = months % 12;
  const parts: string[] = [];
  if (years > 0) parts.push(`${years} ${years === 1 ? 'year' : 'years'}`);
  if (rest > 0 || years === 0) parts.push(`${rest} ${rest === 1 ? 'month' : 'months'}`);
  return parts.join(', ');
}

/** The birth date (YYYY-MM-DD) of a pet aged `years` and `months` on `today` (YYYY-MM-DD). */
export function birthDateFromAge(years: number, months: number, today: string): string {
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  const total = ty * 12 + (tm - 1) - (years * 12 + months);
  const y = Math.floor(total / 12);
  const m = (total % 12) + 1;
  const lastDay = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(Math.min(td, lastDay)).padStart(2, '0')}`;
}

/** Sorts of the public pet list; `nearest` needs a place to measure from. */
export const petSorts = ['newest', 'oldest', 'name', 'nearest'] as const;
export type PetSort = (typeof petSorts)[number];
export const petSortLabels: Record<PetSort, string> = {
  newest: 'Newest',
  oldest: 'Oldest',
  name: 'Name',
  nearest: 'Nearest',
};

/** Distance search: the radius choices (km) and its limits. */
export const distanceChoicesKm = [5, 10, 25, 50, 100, 250] as const;
export const DEFAULT_DISTANCE_KM = 25;
export const MAX_DISTANCE_KM = 1000;
export const breedLimit = 100;

/** Photos a pet may have in all: the cover (petImage) and up to seven more (morePhotos). */
export const PET_PHOTOS_MAX = 8;

/** Breed suggestions per category (free text is accepted too). */
export const breedSuggestions: Record<(typeof petCategories)[number], readonly string[]> = {
  dog: [
    'Mixed breed',
    'Labrador Retriever',
    'German Shepherd',
    'Staffordshire Bull Terrier',
    'Jack Russell Terrier',
    'Border Collie',
    'Greyhound',
    'Beagle',
    'Cocker Spaniel',
    'Husky',
  ],
  cat: ['Domestic shorthair', 'Domestic longhair', 'Siamese', 'Maine Coon', 'Persian', 'Bengal'],
  bird: ['Budgerigar', 'Cockatiel', 'Canary', 'Lovebird', 'African Grey', 'Pigeon'],
  reptile: ['Bearded dragon', 'Leopard gecko', 'Corn snake', 'Tortoise', 'Royal python'],
  other: ['Rabbit', 'Guinea pig', 'Hamster', 'Ferret', 'Rat', 'Chinchilla'],
};
