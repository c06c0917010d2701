import {
  conversationOpenStatuses,
  type AdoptionMessageBody,
  type AdoptionMessagesQuery,
} from '@pet-haven/shared/pets';
import type { AppDeps } from '../../app-deps';
import { authorize } from '../../auth/authorize';
import { conflict, notFound } from '../../lib/errors';
import type { AuthUser } from '../../lib/hono-env';
import { pageOf } from '../../lib/paging';
import { adoptionMessageMail } from '../mail/mail.templates';
import { notify } from '../notifications/notifications.service';
import * as requestsPolicy from './adoption-requests.policy';
import * as repo from './adoption-requests.repository';
import { getRequest } from './adoption-requests.service';

/**
 * The conversation on an adoption request: the requester and the pet's owner write to each other
 * (each message mailed to the other), admins may read; each party's unread count.
 */

/** GET /api/adoption-requests/{id}/messages: the two parties and admins, newest first. */
export async function listMessages(
  deps: AppDeps,
  actor: AuthUser,
  id: string,
  query: AdoptionMessagesQuery,
) {
  const row = await getRequest(deps, id);
  authorize(requestsPolicy.canRead(actor, row));
  return repo.listMessages(deps.database.db, id, pageOf(query));
}

/**
 * POST /api/adoption-requests/{id}/messages: one of the two parties writes to the other, who is
 * told by mail. Only while the request is open (409 once rejected or closed).
 */
export async function sendMessage(
  deps: AppDeps,
  actor: AuthUser,
  id: string,
  body: AdoptionMessageBody,
) {
  const row = await getRequest(deps, id);
  authorize(requestsPolicy.canWrite(actor, row));
  const side = requestsPolicy.sideOf(actor, row) ?? 'requester';
  const message = await deps.database.db.transaction(async (tx) => {
    // its status as it is now, held until the message is in (a close or withdrawal waits; so do
    // two messages at once, as both then mark the request read)
    const status = await repo.lockStatus(tx, id);
    if (!status) throw notFound('Adoption request not found.');
    if (!conversationOpenStatuses.includes(status)) {
      throw conflict(`This request is ${status}: its conversation is closed.`);
    }
    const inserted = await repo.insertMessage(tx, {
      requestId: id,
      authorId: actor.id,
      body: body.body,
    });
    // writing is reading what came before
    await repo.markRead(tx, id, side);
    const recipientId = side === 'owner' ? row.requesterId : row.petOwnerId;
    await notify(deps, tx, recipientId, 'adoption-messages', ({ name }) =>
      adoptionMessageMail({
        name,
        petName: row.petName,
        authorName: actor.name,
        requestId: id,
        site: deps.mailer.site,
      }),
    );
    return inserted;
  });
  deps.mailer.wake();
  return { ...message, authorName: actor.name };
}

/** PUT /api/adoption-requests/{id}/read: a party has read the conversation up to now. */
export async function markRead(deps: AppDeps, actor: AuthUser, id: string): Promise<void> {
  const row = await getRequest(deps, id);
  authorize(requestsPolicy.canWrite(actor, row));
  await repo.markRead(deps.database.db, id, requestsPolicy.sideOf(actor, row) ?? 'requester');
}

/** GET /api/user/unread-messages: unread messages on every request the caller is a party to. */
export const countUnread = (deps: AppDeps, actor: AuthUser) =>
  repo.countUnread(deps.database.db, actor.id);
