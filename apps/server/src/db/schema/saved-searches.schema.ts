import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, uuid, varchar } from 'drizzle-orm/pg-core';
import { userRef } from './auth.schema';
import { createdAt, timestamptz } from './columns';

/**
 * A user's saved /petlist searches (issue 14). `query` is the filters as a normalised query string
 * (packages/shared/src/saved-searches.ts). The alert job mails pets added after `checked_until`,
 * at most once a day per search (`last_alerted_at`); `saved_searches_due_idx` finds the searches
 * that may be due.
 */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef('user_id', 'cascade').notNull(),
    name: varchar('name', { length: 80 }).notNull(),
    query: text('query').notNull(),
    alerts: boolean('alerts').notNull().default(true),
    createdAt: createdAt(),
    /** Pets added up to this time were considered (matched and mailed, or not matching). */
    checkedUntil: timestamptz('checked_until').notNull().defaultNow(),
    lastAlertedAt: timestamptz('last_alerted_at'),
  },
  (t) => [
    index('saved_searches_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('saved_searches_due_idx')
      .on(t.lastAlertedAt, t.id)
      .where(sql`${t.alerts}`),
  ],
);
