import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AdoptionStatus } from '@pet-haven/shared/pets';
import type { DbOrTx } from '../../db/client';
import { pageFrom, totalColumn } from '../../db/paging';
import type { Page, PageWindow } from '../../lib/paging';
import { adoptionRequests, images, pets, user } from '../../db/schema/index';

/** A request with its pet (name, picture, owner) and its requester (name, e-mail). */
export interface AdoptionRequestRow {
  id: string;
  petId: string;
  requesterId: string;
  phone: string;
  address: string;
  status: AdoptionStatus;
  createdAt: Date;
  petName: string;
  petOwnerId: string;
  imageId: string;
  imageWidth: number;
  requesterName: string;
  requesterEmail: string;
}

const columns = {
  id: adoptionRequests.id,
  petId: adoptionRequests.petId,
  requesterId: adoptionRequests.requesterId,
  phone: adoptionRequests.phone,
  address: adoptionRequests.address,
  status: adoptionRequests.status,
  createdAt: adoptionRequests.createdAt,
  petName: pets.petName,
  petOwnerId: pets.ownerId,
  imageId: pets.imageId,
  imageWidth: images.width,
  requesterName: user.name,
  requesterEmail: user.email,
};

const selectRequests = (db: DbOrTx) =>
  db
    .select(columns)
    .from(adoptionRequests)
    .innerJoin(pets, eq(pets.id, adoptionRequests.petId))
    .innerJoin(images, eq(images.id, pets.imageId))
    .innerJoin(user, eq(user.id, adoptionRequests.requesterId));

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

/** The pet facts a new request is checked against. */
export async function findPetForRequest(db: DbOrTx, petId: string) {
  const rows = await db
    .select({ id: pets.id, ownerId: pets.ownerId, adopted: pets.adopted, petName: pets.petName })
    .from(pets)
    .where(eq(pets.id, petId))
    .limit(1);
  return rows[0] ?? null;
}

/** Inserts a pending request; answers null when this user already has one pending for the pet. */
export async function insertPending(
  db: DbOrTx,
  values: { petId: string; requesterId: string; phone: string; address: string },
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

/** Deletes the request only while it is pending; answers whether it did. */
export async function deleteIfPending(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db
    .delete(adoptionRequests)
    .where(and(eq(adoptionRequests.id, id), eq(adoptionRequests.status, 'pending')))
    .returning({ id: adoptionRequests.id });
  return rows.length > 0;
}
