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
import { createRouter, declareRoutes, jsonBody, jsonContent } from '../../lib/openapi';
import { pageResponse, servePage } from '../../lib/paging';
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

const route = declareRoutes('Donation campaigns');

const createCampaignRoute = route.post('/create-donation-campaigns', {
  summary: 'Create a campaign owned by the signed-in user',
  guard: allowedBy(campaignsPolicy.canCreate),
  request: { body: jsonBody(createCampaignBodySchema) },
  ok: [201, jsonContent(campaignSchema, 'The campaign')],
  errors: [400, 401],
});

const updateCampaignRoute = route.patch('/update-donation/{id}', {
  summary: 'Edit a campaign (owner or admin); the maximum cannot go below what was raised',
  guard: signedIn,
  request: { params: campaignIdParamSchema, body: jsonBody(updateCampaignBodySchema) },
  ok: [200, jsonContent(campaignSchema, 'The campaign as changed')],
  errors: [400, 401, 403, 404],
});

const listRoute = route.get('/donation-campaigns', {
  summary: 'Campaigns that are not paused, newest first, 9 a page; [] after the last page',
  request: { query: campaignListQuerySchema },
  ok: [200, pageResponse(campaignListSchema, 'Campaigns', { total: false })],
  errors: [400],
});

const detailsRoute = route.get('/donations/{id}', {
  summary: 'A campaign with its raised amount (donatedAmount)',
  request: { params: campaignIdParamSchema },
  ok: [200, jsonContent(campaignSchema, 'The campaign')],
  errors: [400, 404],
});

const mineRoute = route.get('/donations', {
  summary:
    "The signed-in user's own campaigns, paused and archived ones included (archived: true), newest first, paged",
  guard: signedIn,
  request: { query: donationListQuerySchema },
  ok: [200, pageResponse(campaignListSchema, 'Campaigns')],
  errors: [400, 401],
});

const pauseRoute = route.patch('/donations/{id}/pause', {
  summary: 'The owner pauses or unpauses the campaign; answers the new value',
  guard: signedIn,
  request: { params: campaignIdParamSchema },
  ok: [200, jsonContent(pauseAnswerSchema, 'The new paused value')],
  errors: [400, 401, 403, 404],
});

const donatorsRoute = route.get('/donations/{id}/donators', {
  summary: 'Who donated and how much (owner or admin), newest first, paged',
  guard: signedIn,
  request: { params: campaignIdParamSchema, query: donationListQuerySchema },
  ok: [200, pageResponse(donatorListSchema, 'Donations')],
  errors: [400, 401, 403, 404],
});

const myDonationsRoute = route.get('/user/donations', {
  summary: "The signed-in user's own donations, newest first, paged",
  guard: signedIn,
  request: { query: donationListQuerySchema },
  ok: [200, pageResponse(myDonationListSchema, 'Donations')],
  errors: [400, 401],
});

export function createCampaignsRoutes(deps: AppDeps) {
  const { imageBase } = deps.config;
  const router = createRouter();

  router.openapi(createCampaignRoute, async (c) => {
    const user = requireUser(c);
    const row = await createCampaign(deps, user, c.req.valid('json'));
    return c.json(presentCampaign(row, user, imageBase), 201);
  });

  router.openapi(updateCampaignRoute, async (c) => {
    const user = requireUser(c);
    const row = await editCampaign(deps, user, c.req.valid('param').id, c.req.valid('json'));
    return c.json(presentCampaign(row, user, imageBase), 200);
  });

  servePage(
    router,
    listRoute,
    (query) => listPublic(deps, query),
    (row, viewer) => presentCampaign(row, viewer, imageBase),
  );

  router.openapi(detailsRoute, async (c) => {
    const row = await getCampaign(deps, c.req.valid('param').id);
    return c.json(presentCampaign(row, c.get('user'), imageBase), 200);
  });

  servePage(
    router,
    mineRoute,
    (query, c) => listMine(deps, requireUser(c), query),
    (row, viewer) => presentCampaign(row, viewer, imageBase),
  );

  router.openapi(pauseRoute, async (c) => {
    const user = requireUser(c);
    const paused = await toggleCampaignPause(deps, user, c.req.valid('param').id);
    return c.json({ paused }, 200);
  });

  servePage(
    router,
    donatorsRoute,
    (query, c) => campaignDonators(deps, requireUser(c), c.req.valid('param').id, query),
    presentDonator,
  );

  servePage(
    router,
    myDonationsRoute,
    (query, c) => myDonations(deps, requireUser(c), query),
    (row) => presentMyDonation(row, imageBase),
  );

  return router;
}
