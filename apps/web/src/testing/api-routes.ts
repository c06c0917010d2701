import {
  favouriteListSchema,
  favouritePetIdsSchema,
  favouritesQuerySchema,
} from '@pet-haven/shared/favourites';
import { mailStatusSchema } from '@pet-haven/shared/mail';
import {
  savedSearchBodySchema,
  savedSearchDeletedSchema,
  savedSearchListSchema,
  savedSearchSchema,
  savedSearchesQuerySchema,
  updateSavedSearchBodySchema,
} from '@pet-haven/shared/saved-searches';
import { receiptSchema } from '@pet-haven/shared/receipts';
import {
  notificationSettingsSchema,
  unsubscribeAnswerSchema,
} from '@pet-haven/shared/notifications';
import { z } from 'zod';
import {
  adminCampaignPausedBodySchema,
  adminDeleteCampaignAnswerSchema,
  adminListQuerySchema,
  adminPetAdoptedBodySchema,
} from '@pet-haven/shared/admin';
import {
  campaignListQuerySchema,
  campaignListSchema,
  campaignSchema,
  createCampaignBodySchema,
  donationListQuerySchema,
  donatorListSchema,
  myDonationListSchema,
  pauseAnswerSchema,
  updateCampaignBodySchema,
} from '@pet-haven/shared/campaigns';
import { uploadAnswerSchema } from '@pet-haven/shared/images';
import type { PagingQuery } from '@pet-haven/shared/pagination';
import {
  createPaymentAnswerSchema,
  createPaymentBodySchema,
  recordDonationAnswerSchema,
  recordDonationBodySchema,
  testPaymentConfirmAnswerSchema,
  testPaymentConfirmBodySchema,
} from '@pet-haven/shared/payments';
import {
  adoptionMessageBodySchema,
  adoptionMessageSchema,
  adoptionMessagesQuerySchema,
  adoptionRequestBodySchema,
  adoptionRequestDetailSchema,
  adoptionRequestSchema,
  adoptionStatusBodySchema,
  unreadMessagesSchema,
  deletedAnswerSchema,
  markAdoptedBodySchema,
  myAdoptionRequestsQuerySchema,
  petBodySchema,
  petListQuerySchema,
  petSchema,
  placeSchema,
  updatePetBodySchema,
  userAdoptionRequestsQuerySchema,
  userPetsQuerySchema,
} from '@pet-haven/shared/pets';
import {
  adminCheckAnswerSchema,
  dataExportSchema,
  jwtAnswerSchema,
  jwtBodySchema,
  modifiedCountAnswerSchema,
  publicConfigSchema,
  saveUserAnswerSchema,
  saveUserBodySchema,
  usersQuerySchema,
  userSchema,
} from '@pet-haven/shared/users';

/**
 * Every API route the web calls, as the web tests fake it with MSW (testing/api-handlers.ts):
 * the shared zod schema of the answer, the success status, the query schema of a paged list,
 * and the schema of the body the app must send. A fake answer that does not
 * parse, or a request body the server would refuse, fails the test.
 *
 * Better Auth's routes (/api/auth/*) are the library's shapes, not ours: they are described here
 * as far as the web reads them.
 */
export interface RouteSpec {
  answer: z.ZodType;
  /** The status of a success (the server's: 201 for creations). */
  status?: number;
  /**
   * The answer is a page (decision 020): this is the list's query schema from packages/shared
   * (`page`, `limit` with the server's defaults and bounds, filters). A query the server would
   * refuse fails the test; the answer carries X-Total-Count and, unless it is the last page,
   * `Link: <...>; rel="next"`, as the server sends them.
   */
  paged?: z.ZodType<PagingQuery>;
  /** The body the app sends; checked when there is one. */
  body?: z.ZodType;
}

const authUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  image: z.string().nullable().optional(),
  role: z.string().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AuthUser = z.infer<typeof authUserSchema>;

const authSessionSchema = z.object({
  session: z.object({
    id: z.string(),
    userId: z.string(),
    token: z.string(),
    expiresAt: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
  user: authUserSchema,
});
export type AuthSession = z.infer<typeof authSessionSchema>;

const petList = z.array(petSchema);
const requestList = z.array(adoptionRequestSchema);

export const apiRoutes = {
  // Better Auth (accounts, cookie session)
  'GET /api/auth/get-session': { answer: authSessionSchema.nullable() },
  'POST /api/auth/sign-in/email': {
    answer: z.object({ redirect: z.boolean(), token: z.string(), user: authUserSchema }),
  },
  'POST /api/auth/sign-up/email': {
    answer: z.object({ token: z.string().nullable(), user: authUserSchema }),
  },
  'POST /api/auth/sign-in/social': { answer: z.object({ url: z.string(), redirect: z.boolean() }) },
  'POST /api/auth/sign-out': { answer: z.object({ success: z.boolean() }) },
  'POST /api/auth/request-password-reset': {
    answer: z.object({ status: z.boolean(), message: z.string() }),
    body: z.object({ email: z.string(), redirectTo: z.string() }),
  },
  'POST /api/auth/sign-in/magic-link': {
    answer: z.object({ status: z.boolean() }),
    body: z.object({ email: z.string(), callbackURL: z.string(), errorCallbackURL: z.string() }),
  },
  'POST /api/auth/send-verification-email': {
    answer: z.object({ status: z.boolean() }),
    body: z.object({ email: z.string(), callbackURL: z.string() }),
  },
  'GET /api/auth/list-sessions': {
    answer: z.array(
      authSessionSchema.shape.session.extend({ userAgent: z.string().nullable().optional() }),
    ),
  },
  'POST /api/auth/update-user': {
    answer: z.object({ status: z.boolean() }),
    body: z.object({ name: z.string(), image: z.string().optional() }),
  },
  'POST /api/auth/change-email': {
    answer: z.object({ status: z.boolean() }),
    body: z.object({ newEmail: z.string(), callbackURL: z.string() }),
  },
  'POST /api/auth/change-password': {
    answer: z.object({ token: z.string().nullable(), user: authUserSchema }),
    body: z.object({
      currentPassword: z.string(),
      newPassword: z.string(),
      revokeOtherSessions: z.boolean(),
    }),
  },
  'POST /api/auth/revoke-other-sessions': { answer: z.object({ status: z.boolean() }) },
  'GET /api/user/export': { answer: dataExportSchema },
  'POST /api/auth/delete-user': {
    answer: z.object({ success: z.boolean(), message: z.string() }),
    body: z.object({
      password: z.string().optional(),
      token: z.string().optional(),
    }),
  },
  'POST /api/auth/reset-password': {
    answer: z.object({ status: z.boolean() }),
    body: z.object({ newPassword: z.string(), token: z.string() }),
  },

  // receipts
  'GET /api/user/donations/:id/receipt': { answer: receiptSchema },

  // favourites
  'GET /api/user/favourite-pet-ids': { answer: favouritePetIdsSchema },
  'GET /api/user/favourites': { answer: favouriteListSchema, paged: favouritesQuerySchema },
  'PUT /api/user/favourites/:id': { answer: z.object({ saved: z.literal(true) }) },
  'DELETE /api/user/favourites/:id': { answer: z.object({ saved: z.literal(false) }) },

  // saved searches
  'GET /api/user/saved-searches': {
    answer: savedSearchListSchema,
    paged: savedSearchesQuerySchema,
  },
  'POST /api/user/saved-searches': { answer: savedSearchSchema, body: savedSearchBodySchema },
  'PATCH /api/user/saved-searches/:id': {
    answer: savedSearchSchema,
    body: updateSavedSearchBodySchema,
  },
  'DELETE /api/user/saved-searches/:id': { answer: savedSearchDeletedSchema },

  // mail
  'GET /api/admin/mail-status': { answer: mailStatusSchema },

  // notifications
  'GET /api/user/notifications': { answer: notificationSettingsSchema },
  'PUT /api/user/notifications': {
    answer: notificationSettingsSchema,
    body: notificationSettingsSchema,
  },
  'POST /api/notifications/unsubscribe': { answer: unsubscribeAnswerSchema },

  // system, tokens, users
  'GET /api/config': { answer: publicConfigSchema },
  'POST /api/jwt': { answer: jwtAnswerSchema, body: jwtBodySchema },
  'POST /api/users': { answer: saveUserAnswerSchema, body: saveUserBodySchema },
  'GET /api/users': { answer: z.array(userSchema), paged: usersQuerySchema },
  'GET /api/users/admin/:email': { answer: adminCheckAnswerSchema },
  'PATCH /api/users/admin/:id': { answer: modifiedCountAnswerSchema },

  // pets
  'GET /api/pets': { answer: petList, paged: petListQuerySchema },
  'GET /api/pets/:id': { answer: petSchema },
  'GET /api/places': { answer: z.array(placeSchema) },
  'POST /api/add-pet': { answer: petSchema, status: 201, body: petBodySchema },
  'PATCH /api/update-pet/:id': { answer: petSchema, body: updatePetBodySchema },
  'GET /api/user/pets': { answer: petList, paged: userPetsQuerySchema },
  'DELETE /api/pet/:id': { answer: deletedAnswerSchema },
  'PATCH /api/pets/:id/adopted': { answer: petSchema, body: markAdoptedBodySchema },
  'GET /api/all-pets': { answer: petList, paged: adminListQuerySchema },
  'DELETE /api/pets/:id': { answer: deletedAnswerSchema },
  'PATCH /api/pets/:id': { answer: petSchema, body: adminPetAdoptedBodySchema },

  // adoption requests
  'POST /api/adoption-requests': {
    answer: adoptionRequestSchema,
    status: 201,
    body: adoptionRequestBodySchema,
  },
  'GET /api/user/adoption-requests': {
    answer: requestList,
    paged: userAdoptionRequestsQuerySchema,
  },
  'GET /api/user/my-adoption-requests': {
    answer: requestList,
    paged: myAdoptionRequestsQuerySchema,
  },
  'PATCH /api/adoption-requests/:id': {
    answer: adoptionRequestSchema,
    body: adoptionStatusBodySchema,
  },
  'DELETE /api/adoption-requests/:id': { answer: deletedAnswerSchema },
  'GET /api/adoption-requests/:id': { answer: adoptionRequestDetailSchema },
  'GET /api/adoption-requests/:id/messages': {
    answer: z.array(adoptionMessageSchema),
    paged: adoptionMessagesQuerySchema,
  },
  'POST /api/adoption-requests/:id/messages': {
    answer: adoptionMessageSchema,
    status: 201,
    body: adoptionMessageBodySchema,
  },
  'PUT /api/adoption-requests/:id/read': { answer: unreadMessagesSchema },
  'GET /api/user/unread-messages': { answer: unreadMessagesSchema },

  // donation campaigns and donations
  'GET /api/donation-campaigns': { answer: campaignListSchema, paged: campaignListQuerySchema },
  'GET /api/donations/:id': { answer: campaignSchema },
  'GET /api/donations': { answer: campaignListSchema, paged: donationListQuerySchema },
  'POST /api/create-donation-campaigns': {
    answer: campaignSchema,
    status: 201,
    body: createCampaignBodySchema,
  },
  'PATCH /api/update-donation/:id': { answer: campaignSchema, body: updateCampaignBodySchema },
  'PATCH /api/donations/:id/pause': { answer: pauseAnswerSchema },
  'GET /api/donations/:id/donators': {
    answer: donatorListSchema,
    paged: donationListQuerySchema,
  },
  'GET /api/user/donations': { answer: myDonationListSchema, paged: donationListQuerySchema },
  'GET /api/admin/donation-campaigns': {
    answer: campaignListSchema,
    paged: adminListQuerySchema,
  },
  'PATCH /api/admin/donation-campaigns/:id': {
    answer: campaignSchema,
    body: adminCampaignPausedBodySchema,
  },
  'DELETE /api/admin/donation-campaigns/:id': { answer: adminDeleteCampaignAnswerSchema },

  // payments
  'POST /api/create-payment': { answer: createPaymentAnswerSchema, body: createPaymentBodySchema },
  'POST /api/test-payments/:paymentIntentId/confirm': {
    answer: testPaymentConfirmAnswerSchema,
    body: testPaymentConfirmBodySchema,
  },
  'POST /api/donations/record': {
    answer: recordDonationAnswerSchema,
    body: recordDonationBodySchema,
  },

  // images (multipart, sent with XMLHttpRequest for its upload progress)
  'POST /api/images': { answer: uploadAnswerSchema, status: 201 },
} satisfies Record<string, RouteSpec>;

export type ApiRoute = keyof typeof apiRoutes;
