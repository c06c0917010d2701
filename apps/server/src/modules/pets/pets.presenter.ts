import type { Pet } from '@pet-haven/shared/pets';
import type { AuthUser } from '../../lib/hono-env';
import { displayUrlOf } from '../images/images.presenter';
import * as petsPolicy from './pets.policy';
import type { PetRow } from './pets.repository';

/** A pet as the API answers it; the owner's e-mail only for those the policy lets see it. */
export function presentPet(row: PetRow, viewer: AuthUser | null): Pet {
  const pet: Pet = {
    _id: row.id,
    petImage: displayUrlOf(row.imageId, row.imageWidth),
    petName: row.petName,
    petAge: row.petAge,
    petLocation: row.petLocation,
    petCategory: row.petCategory,
    shortDescription: row.shortDescription,
    longDescription: row.longDescription,
    dateAdded: row.dateAdded.toISOString(),
    adopted: row.adopted,
    adoptionPending: row.adoptionPending,
  };
  if (petsPolicy.canSeeOwnerEmail(viewer)) pet.userEmail = row.ownerEmail;
  return pet;
}
