import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { userRef } from './auth.schema';
import { createdAt } from './columns';

/** An uploaded picture, re-encoded by the server; its id is the SHA-256 of the processed image. */
export const images = pgTable(
  'images',
  {
    id: text('id').primaryKey(),
    uploaderId: userRef('uploader_id', 'set null'),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: createdAt(),
  },
  // an account's deletion (`set null`) finds its uploads without reading every picture's row
  (t) => [index('images_uploader_idx').on(t.uploaderId)],
);

/** A column naming a stored picture (`images.id`): a picture something names cannot be deleted. */
export const imageRef = (name: string) => text(name).references(() => images.id);

/**
 * One row per upload that went on to be decoded, whatever came of it (a damaged file costs CPU
 * too, and the same picture twice is one image but two uploads): the per-user upload rate limit
 * counts them. Rows older than the window are deleted as they stop counting.
 */
export const imageUploads = pgTable(
  'image_uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef('user_id', 'cascade').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('image_uploads_user_created_idx').on(t.userId, t.createdAt)],
);
