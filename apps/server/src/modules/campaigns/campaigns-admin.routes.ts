import { createRoute, z } from '@hono/zod-openapi';
import {
  adminCampaignPausedBodySchema,
  adminDeleteCampaignAnswerSchema,
  adminListQuerySchema,
} from '@pet-haven/shared/admin';
import { campaignIdParamSchema, campaignSchema } from '@pet-haven/shared/campaigns';
import { TOTAL_COUNT_HEADER } from '@pet-haven/shared/pagination';
import type { AppDeps } from '../../app-deps';
import { allowedBy, requireUser } from '../../auth/authenticate.middleware';
import {
  bearerSecurity,
  createRouter,
  errorResponses,
  jsonBody,
  jsonContent,
} from '../../lib/openapi';
import * as campaignsPolicy from './campaigns.policy';
import { presentCampaign } from './campaigns.presenter';
import {
  listCampaignsForAdmin,
  removeCampaignByAdmin,
  setCampaignPausedByAdmin,
} from './campaigns-admin.service';

const tags = ['Admin'];

const listRoute = createRoute({
  method: 'get',
  path: '/admin/donation-campaigns',
  tags,
  summary: 'Every campaign, paused ones included, archived ones not, newest first (admin only)',
  security: bearerSecurity,
  middleware: [allowedBy(campaignsPolicy.canListAll)] as const,
  request: { query: adminListQuerySchema },
  responses: {
    200: {
      ...jsonContent(z.array(campaignSchema), 'A page of campaigns'),
      headers: z.object({ [TOTAL_COUNT_HEADER]: z.string() }),
    },
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
  },
});

const deleteRoute = createRoute({
  method: 'delete',
  path: '/admin/donation-campaigns/{id}',
  tags,
  summary: 'Delete a campaign (admin only): archived when it has donations, erased otherwise',
  description:
    'An archived campaign leaves every list and refuses donations; its donors still see their ' +
    'donations under GET /api/user/donations. Written to the audit log.',
  security: bearerSecurity,
  middleware: [allowedBy(campaignsPolicy.canDelete)] as const,
  request: { params: campaignIdParamSchema },
  responses: {
    200: jsonContent(adminDeleteCampaignAnswerSchema, 'Deleted or archived'),
    ...errorResponses,
  },
});

const pauseRoute = createRoute({
  method: 'patch',
  path: '/admin/donation-campaigns/{id}',
  tags,
  summary: 'Pause or unpause a campaign (admin only); answers the campaign',
  description: 'Written to the audit log.',
  security: bearerSecurity,
  middleware: [allowedBy(campaignsPolicy.canSetPaused)] as const,
  request: { params: campaignIdParamSchema, body: jsonBody(adminCampaignPausedBodySchema) },
  responses: {
    200: jsonContent(campaignSchema, 'The campaign'),
    ...errorResponses,
  },
});

export function createCampaignsAdminRoutes(deps: AppDeps) {
  const router = createRouter();

  router.openapi(listRoute, async (c) => {
    const admin = requireUser(c);
    const { rows, total } = await listCampaignsForAdmin(deps, c.req.valid('query'));
    c.header(TOTAL_COUNT_HEADER, String(total));
    return c.json(
      rows.map((r) => presentCampaign(r, admin)),
      200,
    );
  });

  router.openapi(deleteRoute, async (c) => {
    const admin = requireUser(c);
    return c.json(await removeCampaignByAdmin(deps, admin, c.req.valid('param').id), 200);
  });

  router.openapi(pauseRoute, async (c) => {
    const admin = requireUser(c);
    const { paused } = c.req.valid('json');
    const row = await setCampaignPausedByAdmin(deps, admin, c.req.valid('param').id, paused);
    return c.json(presentCampaign(row, admin), 200);
  });

  return router;
}
