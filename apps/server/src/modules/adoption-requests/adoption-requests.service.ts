import type {
  AdoptionRequestBody,
  AdoptionStatusBody,
  MyAdoptionRequestsQuery,
  UserAdoptionRequestsQuery,
} from '@pet-haven/shared/pets';
import type { AppDeps } from '../../app-deps';
import { authorize } from '../../auth/authorize';
import { conflict, notFound } from '../../lib/errors';
import type { AuthUser } from '../../lib/hono-env';
import { pageOf } from '../../lib/paging';
import { recordAdminAction } from '../audit/audit.repository';
import {
  adoptionDecisionMail,
  adoptionRequestMail,
  adoptionWithdrawnMail,
} from '../mail/mail.templates';
import { notify } from '../notifications/notifications.service';
import { resolveListOwner } from '../users/users.service';
import * as requestsPolicy from './adoption-requests.policy';
import * as repo from './adoption-requests.repository';
import type { AdoptionRequestRow } from './adoption-requests.repository';

const requestNotFound = () => notFound('Adoption request not found.');

async function getRequest(deps: AppDeps, id: string): Promise<AdoptionRequestRow> {
  const row = await repo.findById(deps.database.db, id);
  if (!row) throw requestNotFound();
  return row;
}

/**
 * POST /api/adoption-requests: name and e-mail come from the session, pet name and picture from
 * the pet. Refused: a missing pet (404), your own pet (403), an adopted pet and a second pending request (409).
 */
export async function createRequest(
  deps: AppDeps,
  actor: AuthUser,
  body: AdoptionRequestBody,
): Promise<AdoptionRequestRow> {
  const db = deps.database.db;
  const pet = await repo.findPetForRequest(db, body.petId);
  if (!pet) throw notFound('Pet not found');
  authorize(requestsPolicy.canCreate(actor, pet));
  if (pet.adopted) throw conflict('This pet has already been adopted.');
  // the request and the owner's notification exist together, or neither does
  const id = await db.transaction(async (tx) => {
    const inserted = await repo.insertPending(tx, {
      petId: pet.id,
      requesterId: actor.id,
      phone: body.phone,
      address: body.address,
    });
    if (!inserted) return null;
    await notify(deps, tx, pet.ownerId, 'adoption-requests', ({ name }) =>
      adoptionRequestMail({
        name,
        petName: pet.petName,
        requesterName: actor.name,
        site: deps.mailer.site,
      }),
    );
    return inserted;
  });
  if (!id) throw conflict('You already have a pending adoption request for this pet.');
  deps.mailer.wake();
  return getRequest(deps, id);
}

/** GET /api/user/adoption-requests: requests on your own pets; an admin may name any owner. */
export async function listForOwner(
  deps: AppDeps,
  actor: AuthUser,
  query: UserAdoptionRequestsQuery,
) {
  authorize(requestsPolicy.canListForOwner(actor, query.email));
  const ownerId = await resolveListOwner(deps, actor, query.email);
  if (!ownerId) return { rows: [], total: 0 };
  return repo.listForOwner(deps.database.db, ownerId, pageOf(query));
}

/** GET /api/user/my-adoption-requests: the requests you sent, with their status. */
export function listMine(deps: AppDeps, actor: AuthUser, query: MyAdoptionRequestsQuery) {
  return repo.listForRequester(deps.database.db, actor.id, pageOf(query));
}

/** PATCH /api/adoption-requests/{id}: the pet's owner (or an admin) accepts or rejects; switching is allowed. */
export async function decide(
  deps: AppDeps,
  actor: AuthUser,
  id: string,
  body: AdoptionStatusBody,
): Promise<AdoptionRequestRow> {
  const row = await getRequest(deps, id);
  authorize(requestsPolicy.canDecide(actor, row));
  if (row.status !== body.status) {
    await deps.database.db.transaction(async (tx) => {
      if (!(await repo.updateStatus(tx, id, body.status))) throw requestNotFound();
      await notify(deps, tx, row.requesterId, 'adoption-decisions', ({ name }) =>
        adoptionDecisionMail({
          name,
          petName: row.petName,
          accepted: body.status === 'accepted',
          site: deps.mailer.site,
        }),
      );
      if (requestsPolicy.decidesAsAdmin(actor, row)) {
        await recordAdminAction(tx, {
          actor,
          action: `adoption-request.${body.status === 'accepted' ? 'accept' : 'reject'}`,
          targetType: 'adoption-request',
          targetId: id,
          before: { petName: row.petName, requester: row.requesterEmail, status: row.status },
          after: { petName: row.petName, requester: row.requesterEmail, status: body.status },
        });
      }
    });
    deps.mailer.wake();
  }
  return getRequest(deps, id);
}

/** DELETE /api/adoption-requests/{id}: the requester (or an admin) withdraws a pending request. */
export async function withdraw(deps: AppDeps, actor: AuthUser, id: string): Promise<number> {
  const row = await getRequest(deps, id);
  authorize(requestsPolicy.canWithdraw(actor, row));
  const withdrawn =
    row.status === 'pending' &&
    (await deps.database.db.transaction(async (tx) => {
      if (!(await repo.deleteIfPending(tx, id))) return false;
      await notify(deps, tx, row.petOwnerId, 'adoption-requests', ({ name }) =>
        adoptionWithdrawnMail({
          name,
          petName: row.petName,
          requesterName: row.requesterName,
          site: deps.mailer.site,
        }),
      );
      if (requestsPolicy.withdrawsAsAdmin(actor, row)) {
        await recordAdminAction(tx, {
          actor,
          action: 'adoption-request.withdraw',
          targetType: 'adoption-request',
          targetId: id,
          before: { petName: row.petName, requester: row.requesterEmail, status: row.status },
          after: null,
        });
      }
      return true;
    }));
  if (!withdrawn) throw conflict('Only a pending request can be withdrawn.');
  deps.mailer.wake();
  return 1;
}
