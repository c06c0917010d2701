import { sql, type SQL } from 'drizzle-orm';
import { boolean, index, pgTable, text, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, updatedAt } from './columns';

/**
 * The id of the hosted image a profile picture URL names (`…/api/images/<64 hex>-<w>w.webp`), or
 * null. Indexed (user_image_id_idx) so the image sweep finds the users of an image by lookup.
 */
export const hostedImageIdOf = (image: AnyPgColumn): SQL =>
  sql`substring(${image} from '/api/images/([0-9a-f]{64})-')`;

/**
 * Tables owned by Better Auth (user, session, account, verification), with our own
 * additional user fields `role` and `profileSavedAt`.
 */
export const user = pgTable(
  'user',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    role: text('role', { enum: ['user', 'admin'] })
      .notNull()
      .default('user'),
    profileSavedAt: timestamptz('profile_saved_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('user_created_at_idx').on(t.createdAt, t.id),
    index('user_image_id_idx').on(hostedImageIdOf(t.image)),
  ],
);

/**
 * A column naming a user (`user.id`). `onDelete` says what becomes of the row when the account is
 * deleted: `cascade` (it goes too), `restrict` (the account cannot go), `set null` (it stays, unnamed).
 */
export const userRef = (name: string, onDelete: 'cascade' | 'restrict' | 'set null') =>
  text(name).references(() => user.id, { onDelete });

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamptz('expires_at').notNull(),
    token: text('token').notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: userRef('user_id', 'cascade').notNull(),
  },
  (t) => [index('session_user_id_idx').on(t.userId)],
);

export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: userRef('user_id', 'cascade').notNull(),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamptz('access_token_expires_at'),
    refreshTokenExpiresAt: timestamptz('refresh_token_expires_at'),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('account_user_id_idx').on(t.userId)],
);

export const verification = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('verification_identifier_idx').on(t.identifier)],
);
