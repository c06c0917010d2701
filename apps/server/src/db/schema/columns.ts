import { timestamp } from 'drizzle-orm/pg-core';

/** Column builders every table uses alike. Each call makes a new builder: one belongs to one table. */

/** A point in time: always `timestamp with time zone`. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/** `created_at`: when the row was inserted. */
export const createdAt = () => timestamptz('created_at').notNull().defaultNow();

/** `updated_at`: now() on insert; repositories set it on every change. */
export const updatedAt = () => timestamptz('updated_at').notNull().defaultNow();
