import {
  adoptionTransitions,
  type AdoptionRequestBody,
  type AdoptionStatus,
  type AdoptionStatusBody,
  type MyAdoptionRequestsQuery,
  type UserAdoptionRequestsQuery,
} from '@pet-haven/shared/pets';
import type { AppDeps } from '../../app-deps';
import type { DbOrTx } from '../../db/client';
import { authorize } from '../../auth/authorize';
import { conflict, notFound } from '../../lib/errors';
import type { AuthUser } from '../../lib/hono-env';
import { pageOf } from '../../lib/paging';
import { recordAdminAction } from '../audit/audit.repository';
import {
  adoptionClosedMail,
  adoptionConfirmedMail,
  adoptionDecisionMail,
  adoptionRequestMail,
  adoptionWithdrawnMail,
} from '../mail/mail.templates';
import { updatePet } from '../pets/pets.repository';
import { notify } from '../notifications/notifications.service';
import { resolveListOwner } from '../users/users.service';
import * as requestsPolicy from './adoption-requests.policy';
import * as repo from './adoption-requests.repository';
import type { AdoptionRequestRow } from './adoption-requests.repository';

/** What writing a notification in a transaction needs. */
type NotifyDeps = Pick<AppDeps, 'config' | 'mailer'>;

const requestNotFound = () => notFound('Adoption request not found.');

/** The request, or a 404. */
export async function getRequest(deps: AppDeps, id: string): Promise<AdoptionRequestRow> {
  const row = await repo.findById(deps.database.db, id);
  if (!row) throw requestNotFound();
  return row;
}

/**
 * POST /api/adoption-requests: name and e-mail come from the session, pet name and picture from
 * the pet. Refused: a missing pet (404), your own pet (403), an adopted pet, a pet whose adoption
 * is pending (an accepted request) and a second pending request (409).
 */
export async function createRequest(
  deps: AppDeps,
  actor: AuthUser,
  body: AdoptionRequestBody,
): Promise<AdoptionRequestRow> {
  const db = deps.database.db;
  // the request, its first history line and the owner's notification exist together, or none
  const id = await db.transaction(async (tx) => {
    const pet = await repo.lockPet(tx, body.petId);
    if (!pet) throw notFound('Pet not found');
    authorize(requestsPolicy.canCreate(actor, pet));
    if (pet.adopted) throw conflict('This pet has already been adopted.');
    if (await repo.hasAccepted(tx, pet.id)) {
      throw conflict("This pet's adoption is pending: it takes no new requests for now.");
    }
    const inserted = await repo.insertPending(tx, {
      petId: pet.id,
      requesterId: actor.id,
      phone: body.phone,
      address: body.address,
      answers: body.answers ?? {},
    });
    if (!inserted) throw conflict('You already have a pending adoption request for this pet.');
    await repo.insertEvents(tx, [inserted], 'pending', actor.id);
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

/** GET /api/adoption-requests/{id}: the two parties and admins; with its history. */
export async function getDetail(deps: AppDeps, actor: AuthUser, id: string) {
  const row = await getRequest(deps, id);
  authorize(requestsPolicy.canRead(actor, row));
  const history = await repo.listEvents(deps.database.db, id);
  return { row, history };
}

const decisionTexts: Partial<Record<AdoptionStatus, string>> = {
  accepted: 'accept',
  rejected: 'reject',
  adopted: 'confirm',
};

/**
 * PATCH /api/adoption-requests/{id}: the pet's owner (or an admin) moves the request along
 * `adoptionTransitions` (409 otherwise; asking for the status it has changes nothing). Accepting
 * needs an available pet with no other accepted request; confirming (`adopted`) marks the pet
 * adopted and closes every other open request on it, each requester told.
 */
export async function decide(
  deps: AppDeps,
  actor: AuthUser,
  id: string,
  body: AdoptionStatusBody,
): Promise<AdoptionRequestRow> {
  const row = await getRequest(deps, id);
  authorize(requestsPolicy.canDecide(actor, row));
  const to = body.status;
  await deps.database.db.transaction(async (tx) => {
    const pet = await repo.lockPet(tx, row.petId);
    const from = pet && (await repo.lockStatus(tx, id));
    if (!pet || !from) throw requestNotFound();
    if (from === to) return;
    if (!adoptionTransitions[from].includes(to)) {
      throw conflict(`A request that is ${from} cannot be ${to} now.`);
    }
    if (to === 'accepted') {
      if (pet.adopted) throw conflict('This pet has already been adopted.');
      if (await repo.hasAccepted(tx, pet.id)) {
        throw conflict('Another request for this pet is already accepted.');
      }
    }
    if (!(await repo.updateStatus(tx, id, to))) throw requestNotFound();
    await repo.insertEvents(tx, [id], to, actor.id);
    if (to === 'adopted') {
      await updatePet(tx, pet.id, { adopted: true });
      await closeOpenRequests(deps, tx, pet, actor, id);
    }
    await notify(deps, tx, row.requesterId, 'adoption-decisions', ({ name }) =>
      to === 'adopted'
        ? adoptionConfirmedMail({ name, petName: row.petName, site: deps.mailer.site })
        : adoptionDecisionMail({
            name,
            petName: row.petName,
            accepted: to === 'accepted',
            site: deps.mailer.site,
          }),
    );
    if (requestsPolicy.decidesAsAdmin(actor, row)) {
      await recordAdminAction(tx, {
        actor,
        action: `adoption-request.${decisionTexts[to]}`,
        targetType: 'adoption-request',
        targetId: id,
        before: { petName: row.petName, requester: row.requesterEmail, status: from },
        after: { petName: row.petName, requester: row.requesterEmail, status: to },
      });
    }
  });
  deps.mailer.wake();
  return getRequest(deps, id);
}

/**
 * Moves every request on the pet in `from` to `to` (but `exceptId`), records each change and
 * mails each requester the message of the move (topic adoption-decisions).
 */
async function moveAndTell(
  deps: NotifyDeps,
  tx: DbOrTx,
  pet: { id: string; petName: string },
  actor: AuthUser,
  move: { from: AdoptionStatus; to: AdoptionStatus; exceptId?: string },
  mail: typeof adoptionClosedMail,
): Promise<void> {
  const moved = await repo.moveAll(tx, pet.id, [move.from], move.to, move.exceptId);
  await repo.insertEvents(
    tx,
    moved.map((r) => r.id),
    move.to,
    actor.id,
  );
  for (const request of moved) {
    await notify(deps, tx, request.requesterId, 'adoption-decisions', ({ name }) =>
      mail({ name, petName: pet.petName, site: deps.mailer.site }),
    );
  }
}

/** Closes every pending request on the pet but `exceptId`, each recorded and its requester told. */
const closeOpenRequests = (
  deps: NotifyDeps,
  tx: DbOrTx,
  pet: { id: string; petName: string },
  actor: AuthUser,
  exceptId?: string,
) =>
  moveAndTell(
    deps,
    tx,
    pet,
    actor,
    { from: 'pending', to: 'closed', exceptId },
    adoptionClosedMail,
  );

/**
 * The pet was marked adopted another way (PATCH /api/pets/{id}/adopted, by its owner or an
 * admin), in `tx`: its accepted request, if any, becomes the adoption; every pending one is closed,
 * each requester told. The caller wakes the mailer after the commit.
 */
export async function settleRequestsOfAdoptedPet(
  deps: NotifyDeps,
  tx: DbOrTx,
  pet: { id: string; petName: string },
  actor: AuthUser,
): Promise<void> {
  await repo.lockPet(tx, pet.id);
  await moveAndTell(
    deps,
    tx,
    pet,
    actor,
    { from: 'accepted', to: 'adopted' },
    adoptionConfirmedMail,
  );
  await closeOpenRequests(deps, tx, pet, actor);
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

/** At start-up: requests left open on pets adopted before migration 0014 are settled, once. */
export async function settleRequestsLeftOpen(
  deps: Pick<AppDeps, 'database' | 'logger'>,
): Promise<number> {
  const moved = await repo.settleRequestsOfAdoptedPets(deps.database.db);
  if (moved > 0) deps.logger.info({ moved }, 'Requests on adopted pets settled');
  return moved;
}
