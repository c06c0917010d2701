import { ageGroupOf, ageText, monthsBetween, type Pet } from '@pet-haven/shared/pets';
import type { AuthUser } from '../../lib/hono-env';
import { displayUrlOf } from '../images/images.presenter';
import * as petsPolicy from './pets.policy';
import type { PetRow } from './pets.repository';

const todayUtc = () => new Date().toISOString().slice(0, 10);

/** A pet as the API answers it; the owner's e-mail only for those the policy lets see it. */
export function presentPet(row: PetRow, viewer: AuthUser | null, imageBase: string): Pet {
  // the age in months, where a birth date is given (the date of today is worked out only then)
  const months = row.birthDate ? monthsBetween(row.birthDate, todayUtc()) : null;
  const pet: Pet = {
    _id: row.id,
    petImage: displayUrlOf(row.imageId, row.imageWidth, imageBase),
    petName: row.petName,
    petAge: row.petAge,
    petLocation: row.petLocation,
    petCategory: row.petCategory,
    shortDescription: row.shortDescription,
    longDescription: row.longDescription,
    dateAdded: row.dateAdded.toISOString(),
    adopted: row.adopted,
    adoptionPending: row.adoptionPending,
    sex: row.sex,
    size: row.size,
    birthDate: row.birthDate,
    ageGroup: months === null ? null : ageGroupOf(row.petCategory, months),
    breed: row.breed,
    goodWithChildren: row.goodWithChildren,
    goodWithDogs: row.goodWithDogs,
    goodWithCats: row.goodWithCats,
    houseTrained: row.houseTrained,
    vaccinated: row.vaccinated,
    neutered: row.neutered,
    specialNeeds: row.specialNeeds,
    place:
      row.placeId !== null && row.placeLabel !== null
        ? { id: row.placeId, label: row.placeLabel }
        : null,
  };
  // the structured age, when given, is the age the pet shows (spec's petAge stays as typed otherwise)
  if (months !== null) pet.petAge = ageText(months);
  if (row.morePhotos) {
    pet.morePhotos = row.morePhotos.map((p) => displayUrlOf(p.imageId, p.width, imageBase));
  }
  if (row.distanceM !== undefined && row.distanceM !== null) {
    pet.distanceKm = Math.round(row.distanceM / 100) / 10;
  }
  if (petsPolicy.canSeeOwnerEmail(viewer)) pet.userEmail = row.ownerEmail;
  return pet;
}
