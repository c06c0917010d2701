import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.schema';

/** An uploaded picture, re-encoded by the server; its id is the SHA-256 of the processed image. */
export const images = pgTable('images', {
  id: text('id').primaryKey(),
  uploaderId: text('uploader_id').references(() => user.id, { onDelete: 'set null' }),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One row per upload that went on to be decoded, whatever came of it (a damaged file costs CPU
 * too, and the same picture twice is one image but two uploads): the per-user upload rate limit
 * counts them. Rows older than the window are deleted as they stop counting.
 */
export const imageUploads = pgTable(
  'image_uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('image_uploads_user_created_idx').on(t.userId, t.createdAt)],
);
