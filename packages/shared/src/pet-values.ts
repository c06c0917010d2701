/**
 * The pets' plain values (categories, limits, page sizes): no zod, so a page that needs only
 * these never loads the schemas (pets.ts re-exports them; decision 022).
 */

/** Spec section 9: pet categories. */
export const petCategories = ['dog', 'cat', 'bird', 'reptile', 'other'] as const;

export const adoptionStatuses = ['pending', 'accepted', 'rejected'] as const;

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
