import { z } from 'zod';
import { emailSchema, nameSchema } from './auth';

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
});
export type User = z.infer<typeof userSchema>;

/** POST /api/users: registration sends displayName, social sign-in may send name instead. */
export const saveUserBodySchema = z
  .object({
    email: emailSchema,
    displayName: nameSchema.optional(),
    name: nameSchema.optional(),
    photoURL: z.string().trim().max(2048).url().nullable().optional(),
  })
  .strip();
export type SaveUserBody = z.infer<typeof saveUserBodySchema>;

export const saveUserAnswerSchema = z.object({
  insertedId: z.string().nullable(),
  message: z.string(),
});
export type SaveUserAnswer = z.infer<typeof saveUserAnswerSchema>;

export const jwtBodySchema = z.object({ email: z.string().optional() }).strip();
export const jwtAnswerSchema = z.object({
  token: z.string(),
  expiresAt: z.string().describe('ISO time when the token stops being accepted'),
});
export type JwtAnswer = z.infer<typeof jwtAnswerSchema>;

export const adminCheckAnswerSchema = z.object({ admin: z.boolean() });
export const modifiedCountAnswerSchema = z.object({ modifiedCount: z.number().int() });

/** GET /api/config: what the web needs to know about how this server is set up. */
export const publicConfigSchema = z.object({
  providers: z.object({ google: z.boolean(), github: z.boolean() }),
  payments: z.object({
    provider: z.enum(['stripe', 'test']),
    publishableKey: z.string().nullable(),
  }),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
