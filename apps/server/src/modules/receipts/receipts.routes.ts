import { receiptParamSchema, receiptSchema } from '@pet-haven/shared/receipts';
import type { AppDeps } from '../../app-deps';
import { requireUser, signedIn } from '../../auth/authenticate.middleware';
import { createRouter, declareRoutes, jsonContent } from '../../lib/openapi';
import { getReceipt } from './receipts.service';

const route = declareRoutes('Receipts');

const receiptRoute = route.get('/user/donations/{id}/receipt', {
  summary: "The receipt of one of the caller's donations",
  description: "Only the donor sees it: anyone else's receipt answers 404, as a missing one does.",
  guard: signedIn,
  request: { params: receiptParamSchema },
  ok: [200, jsonContent(receiptSchema, 'The receipt')],
  errors: [400, 401, 404],
});

export function createReceiptsRoutes(deps: AppDeps) {
  const router = createRouter();
  router.openapi(receiptRoute, async (c) =>
    c.json(await getReceipt(deps, requireUser(c), c.req.valid('param').id), 200),
  );
  return router;
}
