import { z } from 'zod';
import { emailSchema, nameSchema, photoUrlSchema } from './auth';
import { userIdSchema } from './ids';
import { pagingQuerySchema } from './pagination';
import { text } from './text';

export const roles = ['user', 'admin'] as const;
export const roleSchema = z.enum(roles);
export type Role = z.infer<typeof roleSchema>;

/** A user as the API presents it (spec section 3). */
export const userSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  photoURL: z.string().nullable(),
  role: roleSchema,
  /** Whether the user opened their verification link; only such a user can be made an admin. */
  emailVerified: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

/** POST /api/users: registration sends displayName, social sign-in may send name instead. */
export const saveUserBodySchema = z
  .object({
    email: emailSchema,
    displayName: nameSchema.optional(),
    name: nameSchema.optional(),
    photoURL: photoUrlSchema.nullable().optional(),
  })
  .strip();
export type SaveUserBody = z.infer<typeof saveUserBodySchema>;

export const saveUserAnswerSchema = z.object({
  insertedId: z.string().nullable(),
  message: z.string(),
});
export type SaveUserAnswer = z.infer<typeof saveUserAnswerSchema>;

export const jwtBodySchema = z
  .object({ email: text().trim().max(254).optional().describe("must be the session's e-mail") })
  .strip();
export const jwtAnswerSchema = z.object({
  token: z.string(),
  expiresAt: z.string().describe('ISO time when the token stops being accepted'),
});
export type JwtAnswer = z.infer<typeof jwtAnswerSchema>;

/** Page size of GET /api/users when `limit` is not given. */
export const USERS_PAGE_SIZE = 20;

/** GET /api/users: oldest account first. */
export const usersQuerySchema = pagingQuerySchema(USERS_PAGE_SIZE);
export type UsersQuery = z.infer<typeof usersQuerySchema>;

export const userEmailParamSchema = z.object({ email: text().trim().min(1).max(254) });
export const userIdParamSchema = z.object({ id: userIdSchema });

export const adminCheckAnswerSchema = z.object({ admin: z.boolean() });
export type AdminCheckAnswer = z.infer<typeof adminCheckAnswerSchema>;
export const modifiedCountAnswerSchema = z.object({ modifiedCount: z.number().int() });
export type ModifiedCountAnswer = z.infer<typeof modifiedCountAnswerSchema>;

/** GET /api/config: what the web needs to know about how this server is set up. */
export const publicConfigSchema = z.object({
  providers: z.object({ google: z.boolean(), github: z.boolean() }),
  payments: z.object({
    provider: z.enum(['stripe', 'test']),
    publishableKey: z.string().nullable(),
  }),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

/**
 * GET /api/user/export ("Download my data" on the profile): everything the site holds about the
 * caller, as a JSON file. Amounts are decimal dollars, times ISO strings.
 */
export const dataExportSchema = z
  .object({
    exportedAt: z.string(),
    account: z.object({
      id: z.string(),
      name: z.string(),
      email: z.string(),
      emailVerified: z.boolean(),
      image: z.string().nullable(),
      role: z.string(),
      createdAt: z.string(),
    }),
    notifications: z.record(z.string(), z.boolean()),
    pets: z.array(
      z.object({
        id: z.string(),
        petName: z.string(),
        petAge: z.string(),
        petCategory: z.string(),
        petLocation: z.string(),
        shortDescription: z.string(),
        longDescription: z.string(),
        adopted: z.boolean(),
        createdAt: z.string(),
      }),
    ),
    adoptionRequests: z.array(
      z.object({
        id: z.string(),
        petName: z.string(),
        phone: z.string(),
        address: z.string(),
        status: z.string(),
        answers: z.record(z.string(), z.string()),
        createdAt: z.string(),
      }),
    ),
    adoptionMessages: z
      .array(
        z.object({
          requestId: z.string(),
          petName: z.string(),
          body: z.string(),
          createdAt: z.string(),
        }),
      )
      .describe('Messages the user wrote on adoption requests, theirs or on their pets'),
    favourites: z.array(z.object({ petName: z.string(), savedAt: z.string() })),
    savedSearches: z.array(
      z.object({ name: z.string(), query: z.string(), alerts: z.boolean(), createdAt: z.string() }),
    ),
    campaigns: z.array(
      z.object({
        id: z.string(),
        petName: z.string(),
        maxDonationAmount: z.number(),
        donatedAmount: z.number(),
        lastDate: z.string(),
        shortDescription: z.string(),
        longDescription: z.string(),
        paused: z.boolean(),
        archived: z.boolean(),
        createdAt: z.string(),
      }),
    ),
    donations: z.array(
      z.object({
        id: z.string(),
        receiptNumber: z.string(),
        campaignId: z.string(),
        petName: z.string(),
        amount: z.number(),
        createdAt: z.string(),
      }),
    ),
  })
  .meta({ id: 'DataExport' });
export type DataExport = z.infer<typeof dataExportSchema>;

/** The name shown for an account that was deleted (its donations stay on their campaigns). */
export const DELETED_USER_NAME = 'Deleted user';
