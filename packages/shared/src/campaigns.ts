import { z } from 'zod';
import { uuidSchema } from './ids';
import { imageUrlSchema } from './images';
import { messages } from './messages';
import { fromCents, hasAtMostTwoDecimals, MAX_AMOUNT, moneyInputSchema } from './money';
import { keysetPagingQuerySchema, pagingQuerySchema } from './pagination';
import { petLimits } from './pets';
import { requiredText, text } from './text';
import {
  CAMPAIGN_PAGE_SIZE,
  DONATION_LIST_PAGE_SIZE,
  campaignToday,
  isIsoDate,
} from './campaign-values';

export * from './campaign-values';

/** A decimal amount in dollars: above 0, at most 2 decimals (stored as integer cents). */
export const amountSchema = (field: string) =>
  z
    .number({ error: `${field} must be a number` })
    .positive(`${field} must be more than 0`)
    .max(MAX_AMOUNT, `${field} must be at most ${MAX_AMOUNT}`)
    .refine(hasAtMostTwoDecimals, `${field} can have at most 2 decimals`);

export const lastDateSchema = text({ error: 'Last date is required' })
  .trim()
  .min(1, 'Last date is required')
  .refine(isIsoDate, 'Last date must be a date (YYYY-MM-DD)')
  .refine((d) => d <= '2999-12-31', 'Last date is too far in the future')
  .describe('Last day of the campaign, YYYY-MM-DD');

/** The picture: the display_url of an image uploaded to this server (POST /api/images). */
export const petPictureSchema = imageUrlSchema(messages.pets.uploadImageFirst).describe(
  'display_url of an image uploaded to this server',
);

const campaignFields = {
  petName: requiredText('Pet name', petLimits.petName),
  petPicture: petPictureSchema,
  maxDonationAmount: amountSchema('Maximum donation amount').describe(
    'Decimal dollars, at most 2 decimals',
  ),
  lastDate: lastDateSchema,
  shortDescription: requiredText('Short description', petLimits.shortDescription),
  longDescription: requiredText('Long description', petLimits.longDescription, true),
};

/**
 * POST /api/create-donation-campaigns. The owner is the signed-in user: a `userEmail`
 * sent by older clients is accepted and ignored.
 */
export const createCampaignBodySchema = z
  .object({
    ...campaignFields,
    lastDate: lastDateSchema.refine(
      (d) => !isIsoDate(d) || d >= campaignToday(),
      'Last date cannot be in the past',
    ),
    userEmail: text().optional().describe('Ignored: the owner is the signed-in user'),
  })
  .strip();
export type CreateCampaignBody = z.infer<typeof createCampaignBodySchema>;

/** PATCH /api/update-donation/{id}: any of the fields; the maximum cannot go below what was raised. */
export const updateCampaignBodySchema = z
  .object({
    petName: campaignFields.petName.optional(),
    petPicture: campaignFields.petPicture.optional(),
    maxDonationAmount: campaignFields.maxDonationAmount.optional(),
    lastDate: campaignFields.lastDate.optional(),
    shortDescription: campaignFields.shortDescription.optional(),
    longDescription: campaignFields.longDescription.optional(),
    userEmail: text().optional().describe('Ignored: the owner never changes'),
  })
  .strip();
export type UpdateCampaignBody = z.infer<typeof updateCampaignBodySchema>;

/**
 * The campaign form of the web (edit; create adds the last date's check): every field required,
 * the maximum typed in dollars and held in integer cents (money.ts).
 */
export const campaignFormSchema = z.object({
  ...campaignFields,
  maxDonationAmount: moneyInputSchema('Maximum donation amount'),
});
export const createCampaignFormSchema = campaignFormSchema.extend({
  lastDate: createCampaignBodySchema.shape.lastDate,
});
/** What the form holds: `maxDonationAmount` is Cents. */
export type CampaignForm = z.output<typeof campaignFormSchema>;

/** The API body for the form's values: the maximum in the API's decimal dollars. */
export const campaignBodyOf = (form: CampaignForm): CreateCampaignBody => ({
  ...form,
  maxDonationAmount: fromCents(form.maxDonationAmount),
});

/** A campaign as every answer presents it. `donatedAmount` is THE name of the raised amount. */
export const campaignSchema = z.object({
  _id: z.string(),
  petName: z.string(),
  petPicture: z.string().describe('URL of the picture'),
  maxDonationAmount: z.number().describe('Target, decimal dollars'),
  donatedAmount: z.number().describe('Raised so far, decimal dollars'),
  lastDate: z.string().describe('YYYY-MM-DD'),
  shortDescription: z.string(),
  longDescription: z.string(),
  userEmail: z.string().optional().describe("Owner's e-mail; omitted for anonymous callers"),
  paused: z.boolean(),
  pausedByAdmin: z
    .boolean()
    .optional()
    .describe('True while an admin pause holds: the owner cannot unpause it'),
  archived: z
    .boolean()
    .optional()
    .describe('True when an admin removed it (only its owner still sees it, read-only)'),
  createdAt: z.string().describe('ISO time'),
});
export type Campaign = z.infer<typeof campaignSchema>;

export const campaignListSchema = z.array(campaignSchema);

/**
 * GET /api/donation-campaigns: `?page=n` as the spec has it, 9 a page unless `limit` says; the
 * next links page in keyset order and the answer has no total (decision 028).
 */
export const campaignListQuerySchema = keysetPagingQuerySchema(CAMPAIGN_PAGE_SIZE);
export type CampaignListQuery = z.infer<typeof campaignListQuerySchema>;

export const campaignIdParamSchema = z.object({ id: uuidSchema });

/**
 * GET /api/donations, /api/donations/{id}/donators, /api/user/donations: one page, newest
 * first (20 unless `limit` says, at most 100), paged like every list.
 */
export const donationListQuerySchema = pagingQuerySchema(DONATION_LIST_PAGE_SIZE);
export type DonationListQuery = z.infer<typeof donationListQuerySchema>;

/** PATCH /api/donations/{id}/pause answer: the new value. */
export const pauseAnswerSchema = z.object({ paused: z.boolean() });
export type PauseAnswer = z.infer<typeof pauseAnswerSchema>;

/** One donation in GET /api/donations/{id}/donators. */
export const donatorSchema = z.object({
  id: z.string().describe('Donation id'),
  name: z.string().describe("Donor's name"),
  amount: z.number().describe('Decimal dollars'),
});
export type Donator = z.infer<typeof donatorSchema>;
export const donatorListSchema = z.array(donatorSchema);

/** One of the caller's own donations, GET /api/user/donations. */
export const myDonationSchema = z.object({
  _id: z.string().describe('Donation id'),
  campaignId: z.string(),
  petName: z.string(),
  petPicture: z.string(),
  amount: z.number().describe('Decimal dollars'),
  date: z.string().describe('ISO time the donation was recorded'),
});
export type MyDonation = z.infer<typeof myDonationSchema>;
export const myDonationListSchema = z.array(myDonationSchema);
