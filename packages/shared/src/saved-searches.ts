import { z } from 'zod';
import { idParamSchema } from './ids';
import { pagingQuerySchema } from './pagination';
import { distanceChoicesKm, petFilterNames, petFiltersSchema, type PetFilters } from './pets';
import { text } from './text';

/** Saved searches a user may keep. */
export const SAVED_SEARCHES_MAX = 20;
export const SAVED_SEARCH_NAME_MAX = 80;

/**
 * The query string of /petlist for these filters, in a fixed order (`category=cat&size=small`):
 * the form a saved search keeps and links to. Yes-filters are written `true`, numbers in decimal,
 * text as parsed (trimmed).
 */
export function filtersQueryString(filters: PetFilters): string {
  const params = new URLSearchParams();
  for (const name of petFilterNames) {
    const value = filters[name];
    if (value === undefined || value === '') continue;
    if (name === 'place' && filters.near === undefined) continue;
    params.set(name, String(value));
  }
  return params.toString();
}

/**
 * A /petlist query string (with or without the leading "?"), checked against the list's filters
 * (paging, sort and unknown parameters are dropped): each bad filter is an issue on its own name
 * under this field (`json.query.near`). A distance is one of the list's choices (what /petlist
 * shows). Answers the normalised string (`filtersQueryString`).
 */
const filtersQuerySchema = text()
  .max(1000, 'The search is too long')
  .transform((raw, ctx) => {
    const input = Object.fromEntries(new URLSearchParams(raw.replace(/^\?/, '')));
    const parsed = petFiltersSchema.safeParse(input);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
      }
      return z.NEVER;
    }
    const { within } = parsed.data;
    if (within !== undefined && !(distanceChoicesKm as readonly number[]).includes(within)) {
      ctx.addIssue({
        code: 'custom',
        message: `within must be one of ${distanceChoicesKm.join(', ')} km`,
        path: ['within'],
      });
      return z.NEVER;
    }
    return filtersQueryString(parsed.data);
  })
  .describe('The filters as /petlist writes them in its address, e.g. "category=cat&near=2644688"');

const nameSchema = text()
  .trim()
  .min(1, 'Give the search a name')
  .max(SAVED_SEARCH_NAME_MAX, `The name must be at most ${SAVED_SEARCH_NAME_MAX} characters`);

/** POST /api/user/saved-searches. */
export const savedSearchBodySchema = z.object({
  name: nameSchema,
  query: filtersQuerySchema,
  alerts: z.boolean().default(true).describe('Mail me new matches, at most once a day'),
});
export type SavedSearchBody = z.infer<typeof savedSearchBodySchema>;
export type SavedSearchBodyInput = z.input<typeof savedSearchBodySchema>;

/** PATCH /api/user/saved-searches/{id}: rename it, or turn its alerts on or off. */
export const updateSavedSearchBodySchema = z
  .object({ name: nameSchema.optional(), alerts: z.boolean().optional() })
  .refine((b) => b.name !== undefined || b.alerts !== undefined, {
    message: 'Send a name or alerts',
  });
export type UpdateSavedSearchBody = z.infer<typeof updateSavedSearchBodySchema>;

export const savedSearchParamSchema = idParamSchema;

export const savedSearchesQuerySchema = pagingQuerySchema(SAVED_SEARCHES_MAX);
export type SavedSearchesQuery = z.infer<typeof savedSearchesQuerySchema>;

/** One of the caller's saved searches. */
export const savedSearchSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    query: z.string().describe('The filters as a /petlist query string (link: /petlist?{query})'),
    alerts: z.boolean(),
    createdAt: z.string().describe('ISO 8601 time'),
    lastAlertedAt: z.string().nullable().describe('When the last alert mail was written'),
  })
  .meta({ id: 'SavedSearch' });
export type SavedSearch = z.infer<typeof savedSearchSchema>;
export const savedSearchListSchema = z.array(savedSearchSchema);

/** DELETE /api/user/saved-searches/{id}. */
export const savedSearchDeletedSchema = z.object({ deleted: z.literal(true) });
export type SavedSearchDeleted = z.infer<typeof savedSearchDeletedSchema>;

/** A saved search's filters, read back from its query string. */
export const filtersOfQuery = (query: string): PetFilters | null => {
  const parsed = petFiltersSchema.safeParse(Object.fromEntries(new URLSearchParams(query)));
  return parsed.success ? parsed.data : null;
};
