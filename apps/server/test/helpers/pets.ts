import { uploadPicture } from './pictures';
import type { Requester } from './test-app';

export interface PetInput {
  petImage?: string;
  petName?: string;
  petAge?: string;
  petLocation?: string;
  petCategory?: string;
  shortDescription?: string;
  longDescription?: string;
  [field: string]: unknown;
}

/** A valid body of POST /api/add-pet with the picture `petImage`, `overrides` on top. */
export const petBody = (petImage: string, overrides: PetInput = {}) => ({
  petImage,
  petName: 'Rex',
  petAge: '2 years',
  petLocation: 'Dhaka',
  petCategory: 'dog',
  shortDescription: 'A good boy',
  longDescription: 'A very good boy who likes walks.',
  ...overrides,
});

export interface CreatedPet {
  _id: string;
  petName: string;
  petImage: string;
  adopted: boolean;
  [field: string]: unknown;
}

/** Adds a pet through POST /api/add-pet, uploading a picture unless `petImage` is given. */
export async function addPetVia(
  ctx: Requester,
  token: string,
  overrides: PetInput = {},
): Promise<CreatedPet> {
  const petImage = overrides.petImage ?? (await uploadPicture(ctx, token));
  const res = await ctx.request('/api/add-pet', { token, json: petBody(petImage, overrides) });
  if (res.status !== 201) throw new Error(`add pet failed: ${res.status} ${res.text}`);
  return res.body;
}
