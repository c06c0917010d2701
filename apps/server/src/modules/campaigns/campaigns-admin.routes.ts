import { z } from '@hono/zod-openapi';
import {
  adminCampaignPausedBodySchema,
  adminDeleteCampaignAnswerSchema,
  adminListQuerySchema,
} from '@pet-haven/shared/admin';
import { campaignIdParamSchema, campaignSchema } from '@pet-haven/shared/campaigns';
import type { AppDeps } from '../../app-deps';
import { allowedBy, requireUser } from '../../auth/authenticate.middleware';
import { createRouter, declareRoutes, jsonBody, jsonContent } from '../../lib/openapi';
import { pageResponse, servePage } from '../../lib/paging';
import * as campaignsPolicy from './campaigns.policy';
import { presentCampaign, presentCampaignRemoval } from './campaigns.presenter';
import {
  listCampaignsForAdmin,
  removeCampaignByAdmin,
  setCampaignPausedByAdmin,
} from './campaigns-admin.service';

const route = declareRoutes('Admin');

const listRoute = route.get('/admin/donation-campaigns', {
  summary: 'Every campaign, paused ones included, archived ones not, newest first (admin only)',
  guard: allowedBy(campaignsPolicy.canListAll),
  request: { query: adminListQuerySchema },
  ok: [200, pageResponse(z.array(campaignSchema), 'Campaigns')],
  errors: [400, 401, 403],
});

const deleteRoute = route.delete('/admin/donation-campaigns/{id}', {
  summary: 'Delete a campaign (admin only): archived when it has donations, erased otherwise',
  description:
    'An archived campaign leaves every list and refuses donations; its donors still see their ' +
    'donations under GET /api/user/donations. Written to the audit log.',
  guard: allowedBy(campaignsPolicy.canDelete),
  request: { params: campaignIdParamSchema },
  ok: [200, jsonContent(adminDeleteCampaignAnswerSchema, 'Deleted or archived')],
  errors: [400, 401, 403, 404],
});

const pauseRoute = route.patch('/admin/donation-campaigns/{id}', {
  summary: 'Pause or unpause a campaign (admin only); answers the campaign',
  description: 'Written to the audit log.',
  guard: allowedBy(campaignsPolicy.canSetPaused),
  request: { params: campaignIdParamSchema, body: jsonBody(adminCampaignPausedBodySchema) },
  ok: [200, jsonContent(campaignSchema, 'The campaign')],
  errors: [400, 401, 403, 404],
});

export function createCampaignsAdminRoutes(deps: AppDeps) {
  const { imageBase } = deps.config;
  const router = createRouter();

  servePage(
    router,
    listRoute,
    (query) => listCampaignsForAdmin(deps, query),
    (row, viewer) => presentCampaign(row, viewer, imageBase),
  );

  router.openapi(deleteRoute, async (c) => {
    const admin = requireUser(c);
    const removal = await removeCampaignByAdmin(deps, admin, c.req.valid('param').id);
    return c.json(presentCampaignRemoval(removal), 200);
  });

  router.openapi(pauseRoute, async (c) => {
    const admin = requireUser(c);
    const { paused } = c.req.valid('json');
    const row = await setCampaignPausedByAdmin(deps, admin, c.req.valid('param').id, paused);
    return c.json(presentCampaign(row, admin, imageBase), 200);
  });

  return router;
}
