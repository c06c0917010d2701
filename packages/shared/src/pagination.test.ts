import { describe, expect, it } from 'vitest';
import { adminListQuerySchema } from './admin';
import { auditLogQuerySchema } from './audit';
import { campaignListQuerySchema, donationListQuerySchema } from './campaigns';
import {
  myAdoptionRequestsQuerySchema,
  petListQuerySchema,
  userAdoptionRequestsQuerySchema,
  userPetsQuerySchema,
} from './pets';
import { usersQuerySchema } from './users';

const lists = {
  users: [usersQuerySchema, 20, 100],
  admin: [adminListQuerySchema, 10, 100],
  audit: [auditLogQuerySchema, 50, 100],
  pets: [petListQuerySchema, 24, 100],
  userPets: [userPetsQuerySchema, 10, 100],
  userAdoptionRequests: [userAdoptionRequestsQuerySchema, 10, 100],
  myAdoptionRequests: [myAdoptionRequestsQuerySchema, 10, 100],
  campaigns: [campaignListQuerySchema, 9, 100],
  donations: [donationListQuerySchema, 20, 100],
} as const;

describe('page and limit of every paged list', () => {
  for (const [name, [schema, defaultLimit, max]] of Object.entries(lists)) {
    it(`${name}: page from 1, limit ${defaultLimit} by default and at most ${max}`, () => {
      expect(schema.parse({})).toMatchObject({ page: 1, limit: defaultLimit });
      expect(schema.parse({ page: '3', limit: String(max) })).toMatchObject({
        page: 3,
        limit: max,
      });
      for (const bad of [
        { page: '0' },
        { page: 'x' },
        { limit: '0' },
        { limit: String(max + 1) },
      ]) {
        expect(schema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
      }
    });
  }
});
