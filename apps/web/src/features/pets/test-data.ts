import type { AdoptionRequest, Pet } from '@pet-haven/shared/pets';

/** Test data in the API's shapes (used by the pets feature's tests only). */
let seq = 0;
const hex = (n: number) => n.toString(16).padStart(64, '0');
const uuid = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

/** The facts of a pet listed the spec's way: none given. */
export const unknownFacts = {
  sex: 'unknown',
  size: null,
  birthDate: null,
  ageGroup: null,
  breed: null,
  goodWithChildren: 'unknown',
  goodWithDogs: 'unknown',
  goodWithCats: 'unknown',
  houseTrained: 'unknown',
  vaccinated: 'unknown',
  neutered: 'unknown',
  specialNeeds: 'unknown',
  place: null,
} as const satisfies Partial<Pet>;

export function makePet(overrides: Partial<Pet> = {}): Pet {
  seq += 1;
  return {
    _id: uuid(seq),
    petImage: `/api/images/${hex(seq)}-1600w.webp`,
    petName: `Pet ${seq}`,
    petAge: '2 years',
    petLocation: 'Dhaka',
    petCategory: 'dog',
    shortDescription: 'A friendly pet.',
    longDescription: 'A friendly pet who loves walks and naps in the sun.',
    userEmail: 'owner@example.com',
    dateAdded: new Date(Date.UTC(2026, 10, 1, 12, 0, seq)).toISOString(),
    adopted: false,
    adoptionPending: false,
    ...unknownFacts,
    ...overrides,
  };
}

export function makeAdoptionRequest(overrides: Partial<AdoptionRequest> = {}): AdoptionRequest {
  seq += 1;
  return {
    _id: uuid(1000 + seq),
    petId: uuid(seq),
    petName: `Pet ${seq}`,
    petImage: `/api/images/${hex(seq)}-1600w.webp`,
    userName: `Requester ${seq}`,
    userEmail: `requester${seq}@example.com`,
    phone: '+880 1700 000000',
    address: '12 Lake Road, Dhaka',
    status: 'pending',
    createdAt: new Date(Date.UTC(2026, 10, 2, 9, 30, seq)).toISOString(),
    ownerName: 'Olive Owner',
    answers: {},
    unreadMessages: 0,
    ...overrides,
  };
}
