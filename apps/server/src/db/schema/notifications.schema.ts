import { pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { userRef } from './auth.schema';
import { createdAt } from './columns';

/**
 * The notification topics a user turned off (packages/shared/src/notifications.ts): a row per
 * user and topic; no row means the mail goes. Kept with the account and gone with it.
 */
export const notificationOptOuts = pgTable(
  'notification_opt_outs',
  {
    userId: userRef('user_id', 'cascade').notNull(),
    topic: text('topic').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.topic] })],
);
