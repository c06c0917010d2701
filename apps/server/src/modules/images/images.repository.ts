import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { hostedImageIdOf } from '../../db/schema/auth.schema';
import { campaigns, images, pets, user } from '../../db/schema/index';

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
 * No pet, no campaign and no profile picture (a user's photo URL may name one) uses it. Each is
 * an index lookup: pets_image_idx, campaigns' picture index, and user_image_id_idx on the image
 * id extracted from the photo URL (never a LIKE over every user).
 */
export const unreferencedImage = sql`not exists (select 1 from ${pets} where ${pets.imageId} = ${images.id})
  and not exists (select 1 from ${campaigns} where ${campaigns.pictureId} = ${images.id})
  and not exists (select 1 from ${user} where ${hostedImageIdOf(user.image)} = ${images.id})`;

/**
 * Deletes the rows of the given images that nothing references and that are older than
 * `olderThan`, answering the deleted rows (their files are then removed by the caller).
 */
export async function deleteUnreferencedImages(
  db: DbOrTx,
  olderThan: Date,
  ids?: string[],
): Promise<ImageRow[]> {
  const where = ids
    ? and(inArray(images.id, ids), lt(images.createdAt, olderThan), unreferencedImage)
    : and(lt(images.createdAt, olderThan), unreferencedImage);
  return db.delete(images).where(where).returning();
}
