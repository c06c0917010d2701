import { and, asc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AdoptionAnswers, AdoptionStatus } from '@pet-haven/shared/pets';
import type { DbOrTx } from '../../db/client';
import { countRows, pageFrom, totalColumn } from '../../db/paging';
import type { Page, PageWindow } from '../../lib/paging';
import {
  adoptionMessages,
  adoptionRequestEvents,
  adoptionRequests,
  images,
  pets,
  user,
} from '../../db/schema/index';

/** Which side of a request a party is on. */
export type RequestSide = 'owner' | 'requester';

/** A request with its pet (name, picture, owner), its requester and its unread messages. */
export interface AdoptionRequestRow {
  id: string;
  petId: string;
  requesterId: string;
  phone: string;
  address: string;
  answers: AdoptionAnswers;
  status: AdoptionStatus;
  createdAt: Date;
  petName: string;
  petOwnerId: string;
  ownerName: string;
  imageId: string;
  imageWidth: number;
  requesterName: string;
  requesterEmail: string;
  /** Messages from the requester the owner has not read, and the other way round. */
  unreadByOwner: number;
  unreadByRequester: number;
}

const owner = alias(user, 'owner');

/** Messages on the request not written by `authorId` and newer than `readAt`. */
const unreadSince = (
  authorId: SQL | typeof pets.ownerId,
  readAt: typeof adoptionRequests.ownerReadAt,
) =>
  sql<number>`(select count(*) from ${adoptionMessages} where ${adoptionMessages.requestId} = ${adoptionRequests.id} and ${adoptionMessages.authorId} is distinct from ${authorId} and ${adoptionMessages.createdAt} > coalesce(${readAt}, '-infinity'))`.mapWith(
    Number,
  );

const columns = {
  id: adoptionRequests.id,
  petId: adoptionRequests.petId,
  requesterId: adoptionRequests.requesterId,
  phone: adoptionRequests.phone,
  address: adoptionRequests.address,
  answers: adoptionRequests.answers,
  status: adoptionRequests.status,
  createdAt: adoptionRequests.createdAt,
  petName: pets.petName,
  petOwnerId: pets.ownerId,
  ownerName: owner.name,
  imageId: pets.imageId,
  imageWidth: images.width,
  requesterName: user.name,
  requesterEmail: user.email,
  unreadByOwner: unreadSince(pets.ownerId, adoptionRequests.ownerReadAt),
  unreadByRequester: unreadSince(
    sql`${adoptionRequests.requesterId}`,
    adoptionRequests.requesterReadAt,
  ),
};

const selectRequests = (db: DbOrTx) =>
  db
    .select(columns)
    .from(adoptionRequests)
    .innerJoin(pets, eq(pets.id, adoptionRequests.petId))
    .innerJoin(images, eq(images.id, pets.imageId))
    .innerJoin(user, eq(user.id, adoptionRequests.requesterId))
    .innerJoin(owner, eq(owner.id, pets.ownerId));

const page = (db: DbOrTx, where: SQL, window: PageWindow): Promise<Page<AdoptionRequestRow>> =>
  pageFrom(
    window,
    ({ limit, offset }) =>
      selectRequests(db)
        .where(where)
        .orderBy(
          // NULLS LAST matches the (…, created_at DESC NULLS LAST) indexes.
          sql`${adoptionRequests.createdAt} desc nulls last`,
          sql`${adoptionRequests.id} desc nulls last`,
        )
        .limit(limit)
        .offset(offset),
    db
      .select(totalColumn)
      .from(adoptionRequests)
      .innerJoin(pets, eq(pets.id, adoptionRequests.petId))
      .where(where),
  );

/** Requests on the pets of this owner, newest first. */
export const listForOwner = (db: DbOrTx, ownerId: string, window: PageWindow) =>
  page(db, eq(pets.ownerId, ownerId), window);

/** Requests this user sent, newest first. */
export const listForRequester = (db: DbOrTx, requesterId: string, window: PageWindow) =>
  page(db, eq(adoptionRequests.requesterId, requesterId), window);

export async function findById(db: DbOrTx, id: string): Promise<AdoptionRequestRow | null> {
  const rows = await selectRequests(db).where(eq(adoptionRequests.id, id)).limit(1);
  return rows[0] ?? null;
}

/**
 * The pet facts a request is checked against, its row locked until the transaction ends: every
 * change of a request's status on one pet, and every new request, takes this lock first, so two
 * owners' tabs accepting at once are decided one after the other.
 */
export async function lockPet(db: DbOrTx, petId: string) {
  const rows = await db
    .select({ id: pets.id, ownerId: pets.ownerId, adopted: pets.adopted, petName: pets.petName })
    .from(pets)
    .where(eq(pets.id, petId))
    .for('update');
  return rows[0] ?? null;
}

/**
 * A request's status as it is now, its row locked until the transaction ends (after the pet's:
 * a withdrawal or an account deletion in between cannot remove it under the change).
 */
export async function lockStatus(db: DbOrTx, id: string): Promise<AdoptionStatus | null> {
  const rows = await db
    .select({ status: adoptionRequests.status })
    .from(adoptionRequests)
    .where(eq(adoptionRequests.id, id))
    .for('update');
  return rows[0]?.status ?? null;
}

/** Whether another request on the pet is accepted. */
export async function hasAccepted(db: DbOrTx, petId: string): Promise<boolean> {
  const rows = await db
    .select({ id: adoptionRequests.id })
    .from(adoptionRequests)
    .where(and(eq(adoptionRequests.petId, petId), eq(adoptionRequests.status, 'accepted')))
    .limit(1);
  return rows.length > 0;
}

/** Inserts a pending request; answers null when this user already has one pending for the pet. */
export async function insertPending(
  db: DbOrTx,
  values: {
    petId: string;
    requesterId: string;
    phone: string;
    address: string;
    answers: AdoptionAnswers;
  },
): Promise<string | null> {
  const rows = await db
    .insert(adoptionRequests)
    .values(values)
    .onConflictDoNothing({
      target: [adoptionRequests.petId, adoptionRequests.requesterId],
      where: sql`${adoptionRequests.status} = 'pending'`,
    })
    .returning({ id: adoptionRequests.id });
  return rows[0]?.id ?? null;
}

export async function updateStatus(
  db: DbOrTx,
  id: string,
  status: AdoptionStatus,
): Promise<boolean> {
  const rows = await db
    .update(adoptionRequests)
    .set({ status, updatedAt: sql`now()` })
    .where(eq(adoptionRequests.id, id))
    .returning({ id: adoptionRequests.id });
  return rows.length > 0;
}

/**
 * Moves every request on the pet in one of `from` to `to` (but `exceptId`); answers which, with
 * their requesters, so each can be recorded and told.
 */
export async function moveAll(
  db: DbOrTx,
  petId: string,
  from: AdoptionStatus[],
  to: AdoptionStatus,
  exceptId?: string,
): Promise<Array<{ id: string; requesterId: string }>> {
  const where = [eq(adoptionRequests.petId, petId), inArray(adoptionRequests.status, from)];
  if (exceptId) where.push(ne(adoptionRequests.id, exceptId));
  return db
    .update(adoptionRequests)
    .set({ status: to, updatedAt: sql`now()` })
    .where(and(...where))
    .returning({ id: adoptionRequests.id, requesterId: adoptionRequests.requesterId });
}

/** Records that requests took a status, by whom (null: nobody signed in, or a deleted account). */
export async function insertEvents(
  db: DbOrTx,
  requestIds: string[],
  status: AdoptionStatus,
  actorId: string | null,
): Promise<void> {
  if (requestIds.length === 0) return;
  await db
    .insert(adoptionRequestEvents)
    .values(requestIds.map((requestId) => ({ requestId, status, actorId })));
}

/** A request's changes of status, oldest first, with the name of who made each. */
export function listEvents(db: DbOrTx, requestId: string) {
  return db
    .select({
      status: adoptionRequestEvents.status,
      createdAt: adoptionRequestEvents.createdAt,
      actorName: user.name,
    })
    .from(adoptionRequestEvents)
    .leftJoin(user, eq(user.id, adoptionRequestEvents.actorId))
    .where(eq(adoptionRequestEvents.requestId, requestId))
    .orderBy(asc(adoptionRequestEvents.createdAt), asc(adoptionRequestEvents.id));
}

/** Deletes the request only while it is pending; answers whether it did. */
export async function deleteIfPending(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db
    .delete(adoptionRequests)
    .where(and(eq(adoptionRequests.id, id), eq(adoptionRequests.status, 'pending')))
    .returning({ id: adoptionRequests.id });
  return rows.length > 0;
}

export interface MessageRow {
  id: string;
  body: string;
  authorId: string | null;
  authorName: string | null;
  createdAt: Date;
}

export async function insertMessage(
  db: DbOrTx,
  values: { requestId: string; authorId: string; body: string },
): Promise<MessageRow> {
  const [row] = await db
    .insert(adoptionMessages)
    .values(values)
    .returning({ id: adoptionMessages.id, createdAt: adoptionMessages.createdAt });
  return { ...row!, body: values.body, authorId: values.authorId, authorName: null };
}

/** A page of a request's conversation, newest first. */
export function listMessages(
  db: DbOrTx,
  requestId: string,
  window: PageWindow,
): Promise<Page<MessageRow>> {
  const where = eq(adoptionMessages.requestId, requestId);
  return pageFrom(
    window,
    ({ limit, offset }) =>
      db
        .select({
          id: adoptionMessages.id,
          body: adoptionMessages.body,
          authorId: adoptionMessages.authorId,
          authorName: user.name,
          createdAt: adoptionMessages.createdAt,
        })
        .from(adoptionMessages)
        .leftJoin(user, eq(user.id, adoptionMessages.authorId))
        .where(where)
        .orderBy(
          sql`${adoptionMessages.createdAt} desc nulls last`,
          sql`${adoptionMessages.id} desc nulls last`,
        )
        .limit(limit)
        .offset(offset),
    countRows(db, adoptionMessages, where),
  );
}

/** Marks the conversation read by one side, up to now. */
export async function markRead(db: DbOrTx, id: string, side: RequestSide): Promise<void> {
  await db
    .update(adoptionRequests)
    .set(side === 'owner' ? { ownerReadAt: sql`now()` } : { requesterReadAt: sql`now()` })
    .where(eq(adoptionRequests.id, id));
}

/**
 * Unread messages on every request the user is a party to (as the pet's owner or requester), and
 * the request whose unread message is newest (null when none is unread).
 */
export async function countUnread(
  db: DbOrTx,
  userId: string,
): Promise<{ count: number; requestId: string | null }> {
  const unread = sql<number>`case when ${pets.ownerId} = ${userId} then ${columns.unreadByOwner} else ${columns.unreadByRequester} end`;
  const perRequest = db
    .select({
      id: adoptionRequests.id,
      unread: unread.as('unread'),
      newest:
        sql<Date>`(select max(${adoptionMessages.createdAt}) from ${adoptionMessages} where ${adoptionMessages.requestId} = ${adoptionRequests.id})`.as(
          'newest',
        ),
    })
    .from(adoptionRequests)
    .innerJoin(pets, eq(pets.id, adoptionRequests.petId))
    .where(or(eq(pets.ownerId, userId), eq(adoptionRequests.requesterId, userId)))
    .as('per_request');
  const rows = await db
    .select({
      id: perRequest.id,
      total: sql<number>`sum(${perRequest.unread}) over ()`.mapWith(Number),
    })
    .from(perRequest)
    .where(sql`${perRequest.unread} > 0`)
    .orderBy(sql`${perRequest.newest} desc`, sql`${perRequest.id} desc`)
    .limit(1);
  return { count: rows[0]?.total ?? 0, requestId: rows[0]?.id ?? null };
}

/**
 * Settles requests left open on pets marked adopted before migration 0014 (which had no
 * "adopted" and "closed" statuses), as marking a pet adopted settles them now: the accepted one
 * adopted, the pending ones closed, each change recorded (by nobody). Run at start-up, not as a
 * migration: PostgreSQL refuses enum values added in the same transaction as their first use, and
 * the migrations run in one. Changes nothing on a consistent database; answers how many it moved.
 */
export async function settleRequestsOfAdoptedPets(db: DbOrTx): Promise<number> {
  const result = await db.execute(sql`
    with settled as (
      update ${adoptionRequests} as r
      set status = case r.status when 'accepted' then 'adopted'::adoption_status
                                 else 'closed'::adoption_status end,
          updated_at = now()
      from ${pets} as p
      where p.id = r.pet_id and p.adopted and r.status in ('pending', 'accepted')
      returning r.id, r.status
    ), recorded as (
      insert into ${adoptionRequestEvents} (request_id, status, actor_id)
      select id, status, null from settled
      returning request_id
    )
    select count(*)::int as moved from recorded`);
  return (result as unknown as { rows: { moved: number }[] }).rows[0]?.moved ?? 0;
}

/** Deletes every request this user sent (with their events and messages): their account goes. */
export async function deleteRequestsBy(db: DbOrTx, requesterId: string): Promise<void> {
  await db.delete(adoptionRequests).where(eq(adoptionRequests.requesterId, requesterId));
}
