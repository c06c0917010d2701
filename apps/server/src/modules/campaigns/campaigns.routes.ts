import { createRoute, z } from '@hono/zod-openapi';
import { TOTAL_COUNT_HEADER } from '@pet-haven/shared/pagination';
import {
  campaignIdParamSchema,
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
import type { AppDeps } from '../../app-deps';
import { allowedBy, requireUser, signedIn } from '../../auth/authenticate.middleware';
import {
  bearerSecurity,
  createRouter,
  errorResponses,
  jsonBody,
  jsonContent,
} from '../../lib/openapi';
import * as campaignsPolicy from './campaigns.policy';
import { presentCampaign, presentDonator, presentMyDonation } from './campaigns.presenter';
import {
  campaignDonators,
  createCampaign,
  editCampaign,
  getCampaign,
  listMine,
  listPublic,
  myDonations,
  toggleCampaignPause,
} from './campaigns.service';

const tags = ['Donation campaigns'];
const totalCount = { headers: z.object({ [TOTAL_COUNT_HEADER]: z.string() }) };
const { 400: badInput, 401: anonymous, 403: notAllowed, 404: missing } = errorResponses;

const createCampaignRoute = createRoute({
  method: 'post',
  path: '/create-donation-campaigns',
  tags,
  summary: 'Create a campaign owned by the signed-in user',
  security: bearerSecurity,
  middleware: [allowedBy(campaignsPolicy.canCreate)] as const,
  request: { body: jsonBody(createCampaignBodySchema) },
  responses: {
    201: jsonContent(campaignSchema, 'The campaign'),
    400: badInput,
    401: anonymous,
  },
});

const updateCampaignRoute = createRoute({
  method: 'patch',
  path: '/update-donation/{id}',
  tags,
  summary: 'Edit a campaign (owner or admin); the maximum cannot go below what was raised',
  security: bearerSecurity,
  middleware: [signedIn] as const,
  request: { params: campaignIdParamSchema, body: jsonBody(updateCampaignBodySchema) },
  responses: {
    200: jsonContent(campaignSchema, 'The campaign as changed'),
    400: badInput,
    401: anonymous,
    403: notAllowed,
    404: missing,
  },
});

const listRoute = createRoute({
  method: 'get',
  path: '/donation-campaigns',
  tags,
  summary: 'Campaigns that are not paused, newest first, 9 a page; [] after the last page',
  request: { query: campaignListQuerySchema },
  responses: { 200: jsonContent(campaignListSchema, 'One page of campaigns'), 400: badInput },
});

const detailsRoute = createRoute({
  method: 'get',
  path: '/donations/{id}',
  tags,
  summary: 'A campaign with its raised amount (donatedAmount)',
  request: { params: campaignIdParamSchema },
  responses: { 200: jsonContent(campaignSchema, 'The campaign'), 400: badInput, 404: missing },
});

const mineRoute = createRoute({
  method: 'get',
  path: '/donations',
  tags,
  summary:
    "The signed-in user's own campaigns, paused and archived ones included (archived: true), newest first, paged",
  security: bearerSecurity,
  middleware: [signedIn] as const,
  request: { query: donationListQuerySchema },
  responses: {
    200: { ...jsonContent(campaignListSchema, 'One page of the campaigns'), ...totalCount },
    400: badInput,
    401: anonymous,
  },
});

const pauseRoute = createRoute({
  method: 'patch',
  path: '/donations/{id}/pause',
  tags,
  summary: 'The owner pauses or unpauses the campaign; answers the new value',
  security: bearerSecurity,
  middleware: [signedIn] as const,
  request: { params: campaignIdParamSchema },
  responses: {
    200: jsonContent(pauseAnswerSchema, 'The new paused value'),
    400: badInput,
    401: anonymous,
    403: notAllowed,
    404: missing,
  },
});

const donatorsRoute = createRoute({
  method: 'get',
  path: '/donations/{id}/donators',
  tags,
  summary: 'Who donated and how much (owner or admin), newest first, paged',
  security: bearerSecurity,
  middleware: [signedIn] as const,
  request: { params: campaignIdParamSchema, query: donationListQuerySchema },
  responses: {
    200: { ...jsonContent(donatorListSchema, 'One page of the donations'), ...totalCount },
    400: badInput,
    401: anonymous,
    403: notAllowed,
    404: missing,
  },
});

const myDonationsRoute = createRoute({
  method: 'get',
  path: '/user/donations',
  tags,
  summary: "The signed-in user's own donations, newest first, paged",
  security: bearerSecurity,
  middleware: [signedIn] as const,
  request: { query: donationListQuerySchema },
  responses: {
    200: { ...jsonContent(myDonationListSchema, 'One page of the donations'), ...totalCount },
    400: badInput,
    401: anonymous,
  },
});

export function createCampaignsRoutes(deps: AppDeps) {
  const router = createRouter();

  router.openapi(createCampaignRoute, async (c) => {
    const user = requireUser(c);
    const row = await createCampaign(deps, user, c.req.valid('json'));
    return c.json(presentCampaign(row, user), 201);
  });

  router.openapi(updateCampaignRoute, async (c) => {
    const user = requireUser(c);
    const row = await editCampaign(deps, user, c.req.valid('param').id, c.req.valid('json'));
    return c.json(presentCampaign(row, user), 200);
  });

  router.openapi(listRoute, async (c) => {
    const rows = await listPublic(deps, c.req.valid('query').page);
    const viewer = c.get('user');
    return c.json(
      rows.map((r) => presentCampaign(r, viewer)),
      200,
    );
  });

  router.openapi(detailsRoute, async (c) => {
    const row = await getCampaign(deps, c.req.valid('param').id);
    return c.json(presentCampaign(row, c.get('user')), 200);
  });

  router.openapi(mineRoute, async (c) => {
    const user = requireUser(c);
    const { rows, total } = await listMine(deps, user, c.req.valid('query'));
    c.header(TOTAL_COUNT_HEADER, String(total));
    return c.json(
      rows.map((r) => presentCampaign(r, user)),
      200,
    );
  });

  router.openapi(pauseRoute, async (c) => {
    const user = requireUser(c);
    const paused = await toggleCampaignPause(deps, user, c.req.valid('param').id);
    return c.json({ paused }, 200);
  });

  router.openapi(donatorsRoute, async (c) => {
    const user = requireUser(c);
    const { rows, total } = await campaignDonators(
      deps,
      user,
      c.req.valid('param').id,
      c.req.valid('query'),
    );
    c.header(TOTAL_COUNT_HEADER, String(total));
    return c.json(rows.map(presentDonator), 200);
  });

  router.openapi(myDonationsRoute, async (c) => {
    const user = requireUser(c);
    const { rows, total } = await myDonations(deps, user, c.req.valid('query'));
    c.header(TOTAL_COUNT_HEADER, String(total));
    return c.json(rows.map(presentMyDonation), 200);
  });

  return router;
}
