import { z } from 'zod';
import { idParamSchema } from './ids';
import { pagingQuerySchema } from './pagination';

/** Items per page of the favourites list (/dashboard/favourites). */
export const FAVOURITES_PAGE_SIZE = 12;

/** Where a saved pet stands now: still looking for a home, adopted, or removed by its owner. */
export const favouriteStatuses = ['available', 'adopted', 'deleted'] as const;

/** One of the caller's favourite pets, GET /api/user/favourites. */
export const favouriteSchema = z
  .object({
    _id: z.string().describe('Favourite id'),
    petId: z.string().nullable().describe('null once the pet was deleted'),
    petName: z.string().describe("The pet's name now (as saved, once deleted)"),
    petImage: z.string().nullable().describe('display_url of the picture; null once deleted'),
    status: z.enum(favouriteStatuses),
    savedAt: z.string().describe('ISO time the pet was saved'),
  })
  .meta({ id: 'Favourite' });
export type Favourite = z.infer<typeof favouriteSchema>;
export const favouriteListSchema = z.array(favouriteSchema);

export const favouritesQuerySchema = pagingQuerySchema(FAVOURITES_PAGE_SIZE);
export type FavouritesQuery = z.infer<typeof favouritesQuerySchema>;

/** PUT and DELETE /api/user/favourites/{id}: the pet's id. */
export const favouritePetParamSchema = idParamSchema;

/** GET /api/user/favourite-pet-ids: the ids of the caller's saved pets (hearts on cards), newest first. */
export const favouritePetIdsSchema = z.array(z.string());
/** At most this many ids are answered (a heart beyond them shows after the list loads). */
export const FAVOURITE_IDS_MAX = 1000;
