import { index, pgTable, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { userRef } from './auth.schema';
import { createdAt } from './columns';
import { pets } from './pets.schema';

/**
 * A user's favourite pets (issue 14). The pet's name is kept as it was when saved, so a pet its
 * owner deleted later still shows on the list as deleted instead of vanishing (`pet_id` null).
 */
export const favourites = pgTable(
  'favourites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef('user_id', 'cascade').notNull(),
    petId: uuid('pet_id').references(() => pets.id, { onDelete: 'set null' }),
    petName: varchar('pet_name', { length: 100 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('favourites_user_pet_idx').on(t.userId, t.petId),
    index('favourites_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('favourites_pet_idx').on(t.petId),
  ],
);
