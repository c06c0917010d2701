import type { Favourite } from '@pet-haven/shared/favourites';
import { displayUrlOf } from '../images/images.presenter';
import type { FavouriteRow } from './favourites.repository';

/** A favourite with its pet as it is now: available, adopted, or deleted (its saved name then). */
export const presentFavourite = (row: FavouriteRow, imageBase: string): Favourite => ({
  _id: row.id,
  petId: row.petId,
  petName: row.petName ?? row.savedName,
  petImage:
    row.imageId && row.imageWidth !== null
      ? displayUrlOf(row.imageId, row.imageWidth, imageBase)
      : null,
  status: row.petId === null ? 'deleted' : row.adopted ? 'adopted' : 'available',
  savedAt: row.createdAt.toISOString(),
});
