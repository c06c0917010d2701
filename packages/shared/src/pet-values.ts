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
