import { z } from 'zod';
import { uuidSchema } from './ids';
import { imageUrlSchema } from './images';
import { keysetPagingQuerySchema, pagingQuerySchema } from './pagination';
import { requiredText, text } from './text';
import {
  ageGroups,
  breedLimit,
  PET_PHOTOS_MAX,
  DEFAULT_DISTANCE_KM,
  MAX_DISTANCE_KM,
  petFlagLabels,
  petSexes,
  petSexFilters,
  petSizes,
  petSorts,
  triStates,
  adoptionLimits,
  adoptionStatuses,
  applicationLimits,
  homeTypes,
  MESSAGE_MAX_LENGTH,
  MESSAGES_PAGE_SIZE,
  yesNoAnswers,
  petCategories,
  petLimits,
  PETS_PAGE_SIZE,
  DASHBOARD_PAGE_SIZE,
} from './pet-values';

export * from './pet-values';

export const petCategorySchema = z.enum(petCategories);
export type PetCategory = z.infer<typeof petCategorySchema>;

export const adoptionStatusSchema = z.enum(adoptionStatuses);
export type AdoptionStatus = z.infer<typeof adoptionStatusSchema>;

export const petSexSchema = z.enum(petSexes, { message: 'Choose female, male or unknown' });
export const petSizeSchema = z.enum(petSizes, {
  message: 'Choose small, medium, large or extra-large',
});
export const triStateSchema = z.enum(triStates, { message: 'Answer yes, no or unknown' });
export const ageGroupSchema = z.enum(ageGroups, { message: 'Choose baby, young, adult or senior' });

/** The largest place id (the column is a PostgreSQL integer). */
const MAX_PLACE_ID = 2_147_483_647;

/** Tomorrow's date in UTC (YYYY-MM-DD): today anywhere on earth is not after it. */
const tomorrowUtc = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

/** A place of the gazetteer (GeoNames cities bundled with the app). */
export const placeSchema = z
  .object({
    id: z.number().int(),
    label: z.string().describe('"Leeds, United Kingdom"; the region is added where names repeat'),
  })
  .meta({ id: 'Place' });
export type Place = z.infer<typeof placeSchema>;

/** GET /api/places?q=: places whose name starts with `q`, the most populous first. */
export const placeSearchQuerySchema = z.object({
  q: text().trim().min(1, 'Type the start of a place name').max(100),
});

/** The yes/no/unknown facts, one schema per flag (petFlagLabels names them). */
const flagFields = <T extends z.ZodType>(field: T) =>
  Object.fromEntries(Object.keys(petFlagLabels).map((k) => [k, field])) as Record<
    keyof typeof petFlagLabels,
    T
  >;

/** A pet's facts as answered: each flag `unknown` and the rest null when not given. */
const petFactsSchema = z.object({
  sex: petSexSchema,
  size: petSizeSchema.nullable(),
  birthDate: z.string().nullable().describe('Approximate birth date, YYYY-MM-DD'),
  ageGroup: ageGroupSchema.nullable().describe('From the birth date and the category'),
  breed: z.string().nullable(),
  ...flagFields(triStateSchema),
  place: placeSchema.nullable().describe('The gazetteer place distance search measures from'),
});

/** A pet as the API answers it (spec section 3). */
export const petSchema = z.object({
  _id: z.string(),
  petImage: z.string().describe('display_url of the picture; see responsiveImage() for srcset'),
  petName: z.string(),
  petAge: z.string(),
  petLocation: z.string(),
  petCategory: petCategorySchema,
  shortDescription: z.string(),
  longDescription: z.string(),
  userEmail: z
    .string()
    .nullable()
    .optional()
    .describe("The owner's e-mail; omitted for anonymous callers"),
  dateAdded: z.string().describe('ISO 8601 time'),
  adopted: z.boolean(),
  adoptionPending: z
    .boolean()
    .describe('An adoption request is accepted: the pet takes no new requests until it ends'),
  ...petFactsSchema.shape,
  morePhotos: z
    .array(z.string())
    .optional()
    .describe(
      'display_url of each photo after the cover, in gallery order; answered for one pet ' +
        '(GET /pets/{id}, add, update), not in lists',
    ),
  distanceKm: z
    .number()
    .optional()
    .describe('Kilometres from the place of a distance search (`near`), one decimal'),
});
export type Pet = z.infer<typeof petSchema>;

/** POST /api/add-pet (and the add and edit forms). `userEmail` is ignored: the owner is the caller. */
export const petBodySchema = z.object({
  petImage: imageUrlSchema().describe('The cover photo: the list and cards show it'),
  morePhotos: z
    .array(imageUrlSchema('Each photo must be an uploaded picture'))
    .max(PET_PHOTOS_MAX - 1, `A pet can have at most ${PET_PHOTOS_MAX} photos`)
    .refine((urls) => new Set(urls).size === urls.length, 'The same photo is there twice')
    .optional()
    .describe(
      `The other photos (display_url of POST /images) in gallery order, at most ${PET_PHOTOS_MAX - 1}; ` +
        'sending it replaces them all ([] removes them)',
    ),
  petName: requiredText('Pet name', petLimits.petName),
  petAge: requiredText('Pet age', petLimits.petAge),
  petLocation: requiredText('Pet location', petLimits.petLocation),
  petCategory: petCategorySchema,
  shortDescription: requiredText('Short description', petLimits.shortDescription),
  longDescription: requiredText('Long description', petLimits.longDescription, true),
  userEmail: text().optional().describe('Ignored: the owner is always the signed-in user'),
  // the facts (issue 14): all optional
  sex: petSexSchema.optional(),
  size: petSizeSchema.nullable().optional(),
  birthDate: z.iso
    .date('Birth date must be a date, YYYY-MM-DD')
    .refine((d) => d >= '1980-01-01', 'Birth date must be after 1980')
    .refine((d) => d <= tomorrowUtc(), 'Birth date cannot be in the future')
    .nullable()
    .optional()
    .describe('Approximate; when given, the answered petAge is worked out from it'),
  breed: text()
    .trim()
    .max(breedLimit, `Breed must be at most ${breedLimit} characters`)
    .nullable()
    .optional(),
  ...flagFields(triStateSchema.optional()),
  placeId: z
    .number('Place must be a place of the list')
    .int('Place must be a place of the list')
    .positive('Place must be a place of the list')
    .max(MAX_PLACE_ID, 'Place must be a place of the list')
    .nullable()
    .optional()
    .describe('A gazetteer place (GET /api/places): where distance search finds the pet'),
});
export type PetBody = z.infer<typeof petBodySchema>;
export type PetBodyInput = z.input<typeof petBodySchema>;

/** PATCH /api/update-pet/{id}: the same fields, each optional; at least one. */
export const updatePetBodySchema = petBodySchema
  .partial()
  .refine((b) => Object.entries(b).some(([k, v]) => k !== 'userEmail' && v !== undefined), {
    message: 'Send at least one field to change',
  });
export type UpdatePetBody = z.infer<typeof updatePetBodySchema>;

const booleanQuery = z
  .enum(['true', 'false'], { message: 'Must be true or false' })
  .transform((v) => v === 'true');

/** GET /api/pets: one page, newest first, total in X-Total-Count, the next page in keyset order. */
const yesQuery = z
  .enum(['true'], { message: 'Must be true (leave it out for any)' })
  .transform(() => true as const);

/** The filters of the public list (/petlist): a saved search keeps these. */
const petFilterShape = {
  search: text().trim().max(100).optional().describe('Case-insensitive substring of the pet name'),
  category: petCategorySchema.optional(),
  ageGroup: ageGroupSchema.optional(),
  size: petSizeSchema.optional(),
  sex: z.enum(petSexFilters, { message: 'Choose female or male' }).optional(),
  goodWithChildren: yesQuery.optional(),
  goodWithDogs: yesQuery.optional(),
  goodWithCats: yesQuery.optional(),
  near: z.coerce
    .number('near must be a place id')
    .int('near must be a place id')
    .positive('near must be a place id')
    .max(MAX_PLACE_ID, 'near must be a place id')
    .optional()
    .describe('A gazetteer place id: only pets within `within` km of it'),
  within: z.coerce
    .number('within must be a number of kilometres')
    .int('within must be a whole number of kilometres')
    .min(1, 'within must be at least 1 km')
    .max(MAX_DISTANCE_KM, `within must be at most ${MAX_DISTANCE_KM} km`)
    .optional()
    .describe(`Kilometres from \`near\` (default ${DEFAULT_DISTANCE_KM})`),
  place: text()
    .trim()
    .max(300)
    .optional()
    .describe('How /petlist names `near` (its label), kept in links; the search ignores it'),
};

/** The names of the list's filters, in the order a saved search writes them. */
export const petFilterNames = Object.keys(petFilterShape) as (keyof typeof petFilterShape)[];

const withinNeedsNear = (q: { near?: number; within?: number }, ctx: z.RefinementCtx) => {
  if (q.within !== undefined && q.near === undefined) {
    ctx.addIssue({ code: 'custom', path: ['within'], message: 'within needs a place (near)' });
  }
};

/** The filters alone, as the list's query string gives them (other parameters are dropped). */
export const petFiltersSchema = z.object(petFilterShape).superRefine(withinNeedsNear);
export type PetFilters = z.infer<typeof petFiltersSchema>;

export const petListQuerySchema = keysetPagingQuerySchema(PETS_PAGE_SIZE)
  .extend({
    ...petFilterShape,
    adopted: booleanQuery.optional().describe('false for the public list'),
    sort: z.enum(petSorts, { message: 'Sort by newest, oldest, name or nearest' }).optional(),
  })
  .superRefine((q, ctx) => {
    withinNeedsNear(q, ctx);
    if (q.sort === 'nearest' && q.near === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['sort'],
        message: 'Sorting by nearest needs a place (near)',
      });
    }
  });
export type PetListQuery = z.infer<typeof petListQuerySchema>;
export type PetListQueryInput = z.input<typeof petListQuerySchema>;

/** GET /api/user/pets?email: the caller's own pets (admins may name anyone). */
export const userPetsQuerySchema = pagingQuerySchema(DASHBOARD_PAGE_SIZE).extend({
  email: text().trim().max(254).optional().describe('Defaults to the caller'),
});
export type UserPetsQuery = z.infer<typeof userPetsQuerySchema>;

export const deletedAnswerSchema = z.object({ deletedCount: z.number().int() });
export type DeletedAnswer = z.infer<typeof deletedAnswerSchema>;

const optionalAnswer = (label: string, max: number) =>
  text({ multiline: true })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional();

/** The Adopt dialog's optional application questions; every answer may be left out. */
export const adoptionAnswersSchema = z
  .object({
    homeType: z.enum(homeTypes, { message: 'Choose house, flat or other' }).optional(),
    garden: z.enum(yesNoAnswers, { message: 'Answer yes or no' }).optional(),
    childrenAtHome: z.enum(yesNoAnswers, { message: 'Answer yes or no' }).optional(),
    otherPets: optionalAnswer('Other pets', applicationLimits.otherPets),
    experience: optionalAnswer('Experience', applicationLimits.experience),
    message: optionalAnswer('Message', applicationLimits.message),
  })
  .strict()
  .meta({ id: 'AdoptionAnswers' });
export type AdoptionAnswers = z.infer<typeof adoptionAnswersSchema>;

/** An adoption request as answered (spec section 3). phone/address are null unless the caller is the pet's owner, the requester or an admin. */
export const adoptionRequestSchema = z.object({
  _id: z.string(),
  petId: z.string(),
  petName: z.string(),
  petImage: z.string(),
  userName: z.string().describe("The requester's name"),
  userEmail: z.string().describe("The requester's e-mail"),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  status: adoptionStatusSchema,
  createdAt: z.string().describe('ISO 8601 time'),
  ownerName: z.string().describe("The pet owner's name"),
  answers: adoptionAnswersSchema
    .nullable()
    .describe('The application answers; null unless phone and address are shown'),
  unreadMessages: z
    .number()
    .int()
    .describe("Messages on the request the caller has not read (0 unless they're a party)"),
});
export type AdoptionRequest = z.infer<typeof adoptionRequestSchema>;

/** A change of a request's status: to what, when, and who made it. */
export const adoptionRequestEventSchema = z.object({
  status: adoptionStatusSchema,
  at: z.string().describe('ISO 8601 time'),
  byName: z.string().nullable().describe('Who made the change; null once their account is gone'),
});
export type AdoptionRequestEvent = z.infer<typeof adoptionRequestEventSchema>;

/** GET /api/adoption-requests/{id}: the request with every change of its status, oldest first. */
export const adoptionRequestDetailSchema = adoptionRequestSchema.extend({
  history: z.array(adoptionRequestEventSchema),
  viewerSide: z
    .enum(['owner', 'requester'])
    .nullable()
    .describe("The caller's side: the pet's owner, the requester, or null (an admin reading)"),
});
export type AdoptionRequestDetail = z.infer<typeof adoptionRequestDetailSchema>;

/** A message of the conversation on a request. */
export const adoptionMessageSchema = z.object({
  _id: z.string(),
  body: z.string(),
  authorName: z.string().nullable().describe('null once the account is gone'),
  mine: z.boolean().describe('Written by the caller'),
  createdAt: z.string().describe('ISO 8601 time'),
});
export type AdoptionMessage = z.infer<typeof adoptionMessageSchema>;

/** POST /api/adoption-requests/{id}/messages. */
export const adoptionMessageBodySchema = z.object({
  body: requiredText('Message', MESSAGE_MAX_LENGTH, true),
});
export type AdoptionMessageBody = z.infer<typeof adoptionMessageBodySchema>;

/** GET /api/adoption-requests/{id}/messages: newest first. */
export const adoptionMessagesQuerySchema = pagingQuerySchema(MESSAGES_PAGE_SIZE);
export type AdoptionMessagesQuery = z.infer<typeof adoptionMessagesQuerySchema>;

/** GET /api/user/unread-messages: unread messages on every request the caller is a party to. */
export const unreadMessagesSchema = z.object({
  count: z.number().int(),
  requestId: z
    .string()
    .nullable()
    .describe('The request whose unread message is newest (null: nothing unread)'),
});
export type UnreadMessages = z.infer<typeof unreadMessagesSchema>;

/**
 * POST /api/adoption-requests. Name, e-mail, pet name and picture come from the session and the
 * pet; the spec's extra fields (petName, petImage, userName, userEmail) are accepted and ignored.
 */
export const adoptionRequestBodySchema = z.object({
  petId: uuidSchema,
  phone: text({ error: 'Phone number is required' })
    .trim()
    .min(1, 'Phone number is required')
    .max(adoptionLimits.phone, `Phone number must be at most ${adoptionLimits.phone} characters`)
    .regex(/^\+?[0-9()\-.\s/]*[0-9][0-9()\-.\s/]*$/, 'Enter a valid phone number'),
  address: text({ error: 'Address is required', multiline: true })
    .trim()
    .min(1, 'Address is required')
    .max(adoptionLimits.address, `Address must be at most ${adoptionLimits.address} characters`),
  answers: adoptionAnswersSchema.optional(),
});
export type AdoptionRequestBody = z.infer<typeof adoptionRequestBodySchema>;
export type AdoptionRequestBodyInput = z.input<typeof adoptionRequestBodySchema>;

/**
 * PATCH /api/adoption-requests/{id}: the owner's decision, along `adoptionTransitions`: accept or
 * reject (switching is allowed), and confirm an accepted request as `adopted`.
 */
export const adoptionDecisionSchema = z.enum(['accepted', 'rejected', 'adopted']);
export const adoptionStatusBodySchema = z.object({
  status: adoptionDecisionSchema,
});
export type AdoptionStatusBody = z.infer<typeof adoptionStatusBodySchema>;

/** GET /api/user/adoption-requests?email: requests on the caller's pets (admins may name anyone). */
export const userAdoptionRequestsQuerySchema = pagingQuerySchema(DASHBOARD_PAGE_SIZE).extend({
  email: text().trim().max(254).optional().describe('Defaults to the caller'),
});
export type UserAdoptionRequestsQuery = z.infer<typeof userAdoptionRequestsQuerySchema>;

/** GET /api/user/my-adoption-requests: the caller's own requests. */
export const myAdoptionRequestsQuerySchema = pagingQuerySchema(DASHBOARD_PAGE_SIZE);
export type MyAdoptionRequestsQuery = z.infer<typeof myAdoptionRequestsQuerySchema>;

/**
 * PATCH /api/pets/{id}/adopted: no body, or a JSON body; `adopted` left out means true (mark
 * adopted). Any other content type is a 415. Owners may only go from false to true; admins may
 * send either value.
 */
export const markAdoptedBodySchema = z.object({
  adopted: z
    .boolean('adopted must be true or false')
    .optional()
    .describe('Default true (mark adopted)'),
});
export type MarkAdoptedBody = z.infer<typeof markAdoptedBodySchema>;
