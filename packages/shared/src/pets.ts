import { z } from 'zod';
import { uuidSchema } from './ids';
import { imageUrlSchema } from './images';
import { keysetPagingQuerySchema, pagingQuerySchema } from './pagination';
import { requiredText, text } from './text';
import {
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
});
export type Pet = z.infer<typeof petSchema>;

/** POST /api/add-pet (and the add and edit forms). `userEmail` is ignored: the owner is the caller. */
export const petBodySchema = z.object({
  petImage: imageUrlSchema(),
  petName: requiredText('Pet name', petLimits.petName),
  petAge: requiredText('Pet age', petLimits.petAge),
  petLocation: requiredText('Pet location', petLimits.petLocation),
  petCategory: petCategorySchema,
  shortDescription: requiredText('Short description', petLimits.shortDescription),
  longDescription: requiredText('Long description', petLimits.longDescription, true),
  userEmail: text().optional().describe('Ignored: the owner is always the signed-in user'),
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
export const petListQuerySchema = keysetPagingQuerySchema(PETS_PAGE_SIZE).extend({
  search: text().trim().max(100).optional().describe('Case-insensitive substring of the pet name'),
  category: petCategorySchema.optional(),
  adopted: booleanQuery.optional().describe('false for the public list'),
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
