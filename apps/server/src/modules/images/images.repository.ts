import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { hostedImageIdOf } from '../../db/schema/auth.schema';
import { campaigns, imageUploads, images, petPhotos, pets, user } from '../../db/schema/index';

export type ImageRow = typeof images.$inferSelect;

/** Records an image; uploading the same picture again refreshes its grace period. */
export async function upsertImage(
  db: DbOrTx,
  row: { id: string; uploaderId: string | null; width: number; height: number },
): Promise<ImageRow> {
  const [saved] = await db
    .insert(images)
    .values(row)
    .onConflictDoUpdate({ target: images.id, set: { createdAt: sql`now()` } })
    .returning();
  return saved!;
}

export async function findImageById(db: DbOrTx, id: string): Promise<ImageRow | null> {
  const rows = await db.select().from(images).where(eq(images.id, id)).limit(1);
  return rows[0] ?? null;
}

/**
 * No pet (as its cover or another photo), no campaign and no profile picture (a user's photo URL
 * may name one) uses it. Each is an index lookup: pets_image_idx, pet_photos_image_idx, campaigns'
 * picture index, and user_image_id_idx on the image id extracted from the photo URL (never a LIKE
 * over every user).
 */
export const unreferencedImage = sql`not exists (select 1 from ${pets} where ${pets.imageId} = ${images.id})
  and not exists (select 1 from ${petPhotos} where ${petPhotos.imageId} = ${images.id})
  and not exists (select 1 from ${campaigns} where ${campaigns.pictureId} = ${images.id})
  and not exists (select 1 from ${user} where ${hostedImageIdOf(user.image)} = ${images.id})`;

/**
 * Locks (until the transaction ends) at most `limit` images that nothing references and that were
 * uploaded longer than `graceSeconds` ago by the database's clock (one clock for every process),
 * among `ids` when given. Images another transaction holds are skipped; while locked, no reference
 * to them can be added (the foreign keys wait), so they can be deleted with their files.
 */
export async function lockUnreferencedImages(
  tx: Tx,
  graceSeconds: number,
  { ids, limit }: { ids?: string[]; limit: number },
): Promise<ImageRow[]> {
  const old = lt(images.createdAt, sql`now() - make_interval(secs => ${graceSeconds})`);
  return tx
    .select()
    .from(images)
    .where(ids ? and(inArray(images.id, ids), old, unreferencedImage) : and(old, unreferencedImage))
    .orderBy(images.createdAt)
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function deleteImageRows(tx: Tx, ids: string[]): Promise<void> {
  if (ids.length > 0) await tx.delete(images).where(inArray(images.id, ids));
}

/**
 * Holds the advisory lock named `job` until the transaction ends, if no other transaction (in any
 * process) holds it: answers whether it got it.
 */
export async function tryJobLock(tx: Tx, job: string): Promise<boolean> {
  const result = await tx.execute(
    sql`select pg_try_advisory_xact_lock(hashtext(${`pet-haven:job:${job}`})) as locked`,
  );
  return (result as unknown as { rows: { locked: boolean }[] }).rows[0]?.locked === true;
}

/**
 * Holds the uploader's row lock until the transaction ends, so that uploads of one user are
 * counted and recorded one at a time, also across server processes on one database.
 * (NO KEY UPDATE: inserts elsewhere that reference the user are not blocked.)
 */
export async function lockUploader(tx: Tx, userId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: user.id })
    .from(user)
    .where(eq(user.id, userId))
    .for('no key update');
  return rows.length > 0;
}

const windowStart = (windowSeconds: number) => sql`now() - make_interval(secs => ${windowSeconds})`;

/**
 * The user's uploads in the last `windowSeconds`, and the seconds until the oldest of them stops
 * counting (0 without any). Rows older than the window are deleted first.
 */
export async function recentUploads(
  tx: Tx,
  userId: string,
  windowSeconds: number,
): Promise<{ count: number; secondsUntilOldestExpires: number }> {
  await tx
    .delete(imageUploads)
    .where(
      and(eq(imageUploads.userId, userId), lt(imageUploads.createdAt, windowStart(windowSeconds))),
    );
  const [row] = await tx
    .select({
      count: sql<number>`count(*)::int`,
      secondsUntilOldestExpires: sql<number>`coalesce(ceil(extract(epoch from
        min(${imageUploads.createdAt}) + make_interval(secs => ${windowSeconds}) - now())), 0)::int`,
    })
    .from(imageUploads)
    .where(eq(imageUploads.userId, userId));
  return row ?? { count: 0, secondsUntilOldestExpires: 0 };
}

export async function recordUpload(tx: Tx, userId: string): Promise<void> {
  await tx.insert(imageUploads).values({ userId });
}

/** Deletes every upload record older than the window (of users who stopped uploading). */
export async function deleteUploadsOlderThan(db: DbOrTx, windowSeconds: number): Promise<number> {
  const rows = await db
    .delete(imageUploads)
    .where(lt(imageUploads.createdAt, windowStart(windowSeconds)))
    .returning({ id: imageUploads.id });
  return rows.length;
}
