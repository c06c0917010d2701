import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth.schema';

/** An uploaded picture, re-encoded by the server; its id is the SHA-256 of the processed image. */
export const images = pgTable('images', {
  id: text('id').primaryKey(),
  uploaderId: text('uploader_id').references(() => user.id, { onDelete: 'set null' }),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
