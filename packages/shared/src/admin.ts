import { z } from 'zod';
import { pagingQuerySchema } from './pagination';

/**
 * Shapes of the admin area (spec sections 2, 6, 7): all pets, all campaigns, the audit log.
 * The entities themselves (pet, campaign, user) are defined once in their own modules.
 */

/** Rows per page of the admin tables. */
export const ADMIN_PAGE_SIZE = 10;

/** GET /api/all-pets and GET /api/admin/donation-campaigns: `page` from 1, `limit` at most 100. */
export const adminListQuerySchema = pagingQuerySchema(ADMIN_PAGE_SIZE);
export type AdminListQuery = z.infer<typeof adminListQuerySchema>;

/** PATCH /api/pets/{id} (admin): toggles adopted both ways (spec section 4). */
export const adminPetAdoptedBodySchema = z
  .object({ adopted: z.boolean({ message: 'adopted must be true or false' }) })
  .strict();
export type AdminPetAdoptedBody = z.infer<typeof adminPetAdoptedBodySchema>;

/** PATCH /api/admin/donation-campaigns/{id}: the admin sends the new paused value (spec section 4). */
export const adminCampaignPausedBodySchema = z
  .object({ paused: z.boolean({ message: 'paused must be true or false' }) })
  .strict();
export type AdminCampaignPausedBody = z.infer<typeof adminCampaignPausedBodySchema>;

/**
 * DELETE /api/admin/donation-campaigns/{id}: a campaign that has donations is archived (kept for
 * its donors' records and the totals), one without donations is erased. Either way it leaves
 * every list.
 */
export const adminDeleteCampaignAnswerSchema = z.object({
  deletedCount: z.number().int(),
  archived: z.boolean().describe('true when the campaign had donations and was archived instead'),
});
export type AdminDeleteCampaignAnswer = z.infer<typeof adminDeleteCampaignAnswerSchema>;
