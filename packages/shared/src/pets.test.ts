import { describe, expect, it } from 'vitest';
import {
  adoptionRequestBodySchema,
  petBodySchema,
  petListQuerySchema,
  updatePetBodySchema,
} from './pets';

const valid = {
  petImage: `/api/images/${'b'.repeat(64)}-800w.webp`,
  petName: ' Rex ',
  petAge: '2 years',
  petLocation: 'Dhaka',
  petCategory: 'dog',
  shortDescription: 'Friendly',
  longDescription: 'A very friendly dog.',
  userEmail: 'someone@else.com',
};

describe('pet shapes', () => {
  it('trims fields and names the missing ones', () => {
    expect(petBodySchema.parse(valid).petName).toBe('Rex');
    const r = petBodySchema.safeParse({ ...valid, petName: '  ', petImage: '' });
    expect(r.success).toBe(false);
    const paths = r.error!.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['petName', 'petImage']));
    expect(r.error!.issues.find((i) => i.path[0] === 'petImage')?.message).toBe(
      'Please upload a pet image!',
    );
  });

  it('update needs at least one real field', () => {
    expect(updatePetBodySchema.safeParse({}).success).toBe(false);
    expect(updatePetBodySchema.safeParse({ userEmail: 'x@y.z' }).success).toBe(false);
    expect(updatePetBodySchema.safeParse({ petAge: '3' }).success).toBe(true);
  });

  it('list query defaults and coerces', () => {
    expect(petListQuerySchema.parse({})).toEqual({ page: 1, limit: 24 });
    expect(petListQuerySchema.parse({ adopted: 'false', limit: '100' })).toMatchObject({
      adopted: false,
      limit: 100,
    });
    expect(petListQuerySchema.safeParse({ limit: '101' }).success).toBe(false);
    expect(petListQuerySchema.safeParse({ adopted: 'maybe' }).success).toBe(false);
  });

  it('adoption request needs a phone with digits', () => {
    const base = { petId: '6a1f1f8e-3c1b-4c55-9d7e-0c2b0f0e1a11', address: 'Road 1' };
    expect(
      adoptionRequestBodySchema.safeParse({ ...base, phone: '+880 1711-000000' }).success,
    ).toBe(true);
    expect(adoptionRequestBodySchema.safeParse({ ...base, phone: 'call me' }).success).toBe(false);
  });
});
