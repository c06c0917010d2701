import { and, desc, eq, gte, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { afterCursor, countRows, cursorAtOf, keysetPageFrom, pageFrom } from '../../db/paging';
import { pageBounds, preparedRead } from '../../db/prepared';
import { countListed, listedInIdOrder } from '../../db/sitemap';
import type { Page, PageWindow } from '../../lib/paging';
import { campaignGoalNotices, campaigns, donations, images, user } from '../../db/schema/index';

/** A campaign with what its presentation needs: the owner's e-mail and the picture's width. */
export interface CampaignRow {
  id: string;
  ownerId: string;
  ownerEmail: string;
  pictureId: string;
  pictureWidth: number;
  petName: string;
  maxDonationCents: number;
  raisedCents: number;
  lastDate: string;
  shortDescription: string;
  longDescription: string;
  paused: boolean;
  pausedByAdmin: boolean;
  archivedAt: Date | null;
  createdAt: Date;
}

const campaignColumns = {
  id: campaigns.id,
  // never null here: every select of these columns joins the owner (a campaign whose organiser
  // deleted their account is archived and leaves every list; receipts read it on their own)
  ownerId: sql<string>`${campaigns.ownerId}`,
  ownerEmail: user.email,
  pictureId: campaigns.pictureId,
  pictureWidth: images.width,
  petName: campaigns.petName,
  maxDonationCents: campaigns.maxDonationCents,
  raisedCents: campaigns.raisedCents,
  lastDate: campaigns.lastDate,
  shortDescription: campaigns.shortDescription,
  longDescription: campaigns.longDescription,
  paused: campaigns.paused,
  pausedByAdmin: campaigns.pausedByAdmin,
  archivedAt: campaigns.archivedAt,
  createdAt: campaigns.createdAt,
};

/**
 * Newest first, spelled exactly like the indexes (drizzle-kit writes `DESC NULLS LAST`): a plain
 * `DESC` means NULLS FIRST to PostgreSQL, which then cannot walk those indexes and sorts instead.
 */
const newestFirst = [
  sql`${campaigns.createdAt} desc nulls last`,
  sql`${campaigns.id} desc nulls last`,
] as const;

const selectCampaigns = (db: DbOrTx) =>
  db
    .select(campaignColumns)
    .from(campaigns)
    .innerJoin(user, eq(user.id, campaigns.ownerId))
    .innerJoin(images, eq(images.id, campaigns.pictureId));

export type NewCampaign = typeof campaigns.$inferInsert;
export type CampaignPatch = Partial<
  Pick<
    NewCampaign,
    | 'petName'
    | 'pictureId'
    | 'maxDonationCents'
    | 'lastDate'
    | 'shortDescription'
    | 'longDescription'
  >
>;

export async function insertCampaign(db: DbOrTx, values: NewCampaign): Promise<string> {
  const [row] = await db.insert(campaigns).values(values).returning({ id: campaigns.id });
  return row!.id;
}

/** A campaign by id; archived ones only when asked for. */
export async function findCampaignById(
  db: DbOrTx,
  id: string,
  options: { includeArchived?: boolean } = {},
): Promise<CampaignRow | null> {
  const where = options.includeArchived
    ? eq(campaigns.id, id)
    : and(eq(campaigns.id, id), isNull(campaigns.archivedAt));
  const rows = await selectCampaigns(db).where(where).limit(1);
  return rows[0] ?? null;
}

/**
 * One page of the public list: not paused, not archived, newest first, in keyset order from the
 * window's cursor (decision 028). The WHERE and ORDER BY match the partial index
 * campaigns_public_list_idx exactly, so PostgreSQL walks the index from the cursor (or past the
 * offset of a page number asked for) and stops after the page; the joins then touch only the rows
 * answered; the statement is prepared once per page size (decisions 029 and 051). The list promises
 * no total: counting it would grow with the campaigns, and no screen shows it.
 */
export function listPublicCampaigns(db: DbOrTx, window: PageWindow): Promise<Page<CampaignRow>> {
  const after = window.keyset?.after;
  return keysetPageFrom(window, ({ limit, offset }) => {
    const bounds = pageBounds(limit, offset);
    return preparedRead(
      db,
      `campaigns_public_${after ? 'k' : ''}_${bounds.name}`,
      (name) => {
        const where = and(eq(campaigns.paused, false), isNull(campaigns.archivedAt));
        const page = db
          .select({
            id: campaigns.id,
            createdAt: campaigns.createdAt,
            cursorAt: cursorAtOf(campaigns.createdAt).as('cursor_at'),
          })
          .from(campaigns)
          .where(
            after
              ? and(
                  where,
                  afterCursor(campaigns.createdAt, campaigns.id, {
                    atMicros: sql.placeholder('atMicros'),
                    id: sql.placeholder('afterId'),
                  }),
                )
              : where,
          )
          .orderBy(...newestFirst)
          .limit(bounds.limit)
          .offset(bounds.offset)
          .as('page');
        return db
          .select({ ...campaignColumns, cursorAt: page.cursorAt })
          .from(page)
          .innerJoin(campaigns, eq(campaigns.id, page.id))
          .innerJoin(user, eq(user.id, campaigns.ownerId))
          .innerJoin(images, eq(images.id, campaigns.pictureId))
          .orderBy(sql`${page.createdAt} desc`, sql`${page.id} desc`)
          .prepare(name);
      },
      { sized: true },
    ).execute({ atMicros: after?.atMicros, afterId: after?.id, offset });
  });
}

/** One page of campaigns matching `where`, newest first, and how many match in all. */
const campaignPage = (db: DbOrTx, where: SQL, window: PageWindow): Promise<Page<CampaignRow>> =>
  pageFrom(
    window,
    ({ limit, offset }) =>
      selectCampaigns(db)
        .where(where)
        .orderBy(...newestFirst)
        .limit(limit)
        .offset(offset),
    countRows(db, campaigns, where),
  );

/** Every campaign (admin list), archived ones excluded, newest first, with the total. */
export const listAllCampaigns = (db: DbOrTx, window: PageWindow) =>
  campaignPage(db, isNull(campaigns.archivedAt), window);

/**
 * One page of the owner's campaigns, newest first: paused and archived ones included (an owner
 * still sees a campaign an admin archived, read-only, with its donators).
 */
export const listCampaignsByOwner = (db: DbOrTx, ownerId: string, window: PageWindow) =>
  campaignPage(db, eq(campaigns.ownerId, ownerId), window);

/**
 * Locks the campaign row (SELECT ... FOR UPDATE) for the rest of the transaction: the campaign
 * side's changes, in order, after holding the campaign's reservations (payments'
 * `holdReservations`); each donation recorded locks it too, as it adds to the raised amount.
 */
export async function lockCampaign(
  tx: DbOrTx,
  id: string,
): Promise<{
  id: string;
  maxDonationCents: number;
  raisedCents: number;
  lastDate: string;
  paused: boolean;
  pausedByAdmin: boolean;
  archivedAt: Date | null;
} | null> {
  const rows = await tx
    .select({
      id: campaigns.id,
      maxDonationCents: campaigns.maxDonationCents,
      raisedCents: campaigns.raisedCents,
      lastDate: campaigns.lastDate,
      paused: campaigns.paused,
      pausedByAdmin: campaigns.pausedByAdmin,
      archivedAt: campaigns.archivedAt,
    })
    .from(campaigns)
    .where(eq(campaigns.id, id))
    .for('update')
    .limit(1);
  return rows[0] ?? null;
}

export async function updateCampaign(db: DbOrTx, id: string, patch: CampaignPatch): Promise<void> {
  await db
    .update(campaigns)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(campaigns.id, id));
}

/** Flips paused; answers the new value, or null when there is no such live campaign. */
export async function togglePaused(db: DbOrTx, id: string): Promise<boolean | null> {
  const rows = await db
    .update(campaigns)
    .set({ paused: sql`not ${campaigns.paused}`, updatedAt: sql`now()` })
    .where(and(eq(campaigns.id, id), isNull(campaigns.archivedAt)))
    .returning({ paused: campaigns.paused });
  return rows[0]?.paused ?? null;
}

/** An admin sets paused; the pause is the admin's (the owner cannot lift it) until resumed. */
export async function setPaused(db: DbOrTx, id: string, paused: boolean): Promise<boolean | null> {
  const rows = await db
    .update(campaigns)
    .set({ paused, pausedByAdmin: paused, updatedAt: sql`now()` })
    .where(and(eq(campaigns.id, id), isNull(campaigns.archivedAt)))
    .returning({ paused: campaigns.paused });
  return rows[0]?.paused ?? null;
}

export async function archiveCampaign(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db
    .update(campaigns)
    .set({ archivedAt: sql`now()`, paused: true, updatedAt: sql`now()` })
    .where(and(eq(campaigns.id, id), isNull(campaigns.archivedAt)))
    .returning({ id: campaigns.id });
  return rows.length > 0;
}

export async function deleteCampaign(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db
    .delete(campaigns)
    .where(eq(campaigns.id, id))
    .returning({ id: campaigns.id });
  return rows.length > 0;
}

export interface DonatorRow {
  id: string;
  name: string | null;
  amountCents: number;
}

/** Newest donation first (id breaks ties), as the donations indexes are ordered. */
const newestDonationFirst = [sql`${donations.createdAt} desc nulls last`, desc(donations.id)];

/** One page of the donations to one campaign with the donors' names, newest first. */
export function listDonators(
  db: DbOrTx,
  campaignId: string,
  window: PageWindow,
): Promise<Page<DonatorRow>> {
  const where = eq(donations.campaignId, campaignId);
  return pageFrom(
    window,
    ({ limit, offset }) =>
      db
        .select({ id: donations.id, name: user.name, amountCents: donations.amountCents })
        .from(donations)
        .leftJoin(user, eq(user.id, donations.donorId))
        .where(where)
        .orderBy(...newestDonationFirst)
        .limit(limit)
        .offset(offset),
    countRows(db, donations, where),
  );
}

export interface MyDonationRow {
  id: string;
  campaignId: string;
  petName: string;
  pictureId: string;
  pictureWidth: number;
  amountCents: number;
  createdAt: Date;
}

/** One page of a donor's own donations (archived campaigns included), newest first. */
export function listDonationsByDonor(
  db: DbOrTx,
  donorId: string,
  window: PageWindow,
): Promise<Page<MyDonationRow>> {
  const where = eq(donations.donorId, donorId);
  return pageFrom(
    window,
    ({ limit, offset }) =>
      db
        .select({
          id: donations.id,
          campaignId: donations.campaignId,
          petName: campaigns.petName,
          pictureId: campaigns.pictureId,
          pictureWidth: images.width,
          amountCents: donations.amountCents,
          createdAt: donations.createdAt,
        })
        .from(donations)
        .innerJoin(campaigns, eq(campaigns.id, donations.campaignId))
        .innerJoin(images, eq(images.id, campaigns.pictureId))
        .where(where)
        .orderBy(...newestDonationFirst)
        .limit(limit)
        .offset(offset),
    countRows(db, donations, where),
  );
}

/** The campaigns the sitemap lists: those that take donations (public, not ended). */
const inSitemap = and(
  eq(campaigns.paused, false),
  isNull(campaigns.archivedAt),
  gte(campaigns.lastDate, sql`current_date`),
);

export const countSitemapCampaigns = (db: DbOrTx): Promise<number> =>
  countListed(db, campaigns, inSitemap);

/** Campaigns for the sitemap in id order: see `listedInIdOrder`. */
export const sitemapCampaigns = (db: DbOrTx, after: string | null, offset: number, limit: number) =>
  listedInIdOrder(db, campaigns, inSitemap, { after, offset, limit });

/** The ids of every campaign a user organises, archived ones included (for deleting their account). */
export async function listCampaignIdsByOwner(db: DbOrTx, ownerId: string): Promise<string[]> {
  const rows = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(eq(campaigns.ownerId, ownerId))
    .orderBy(campaigns.id);
  return rows.map((r) => r.id);
}

export interface EndedCampaign {
  id: string;
  ownerId: string | null;
  petName: string;
  raisedCents: number;
  maxDonationCents: number;
}

/**
 * Claims up to `limit` campaigns whose last date is before `today` and whose organiser was not
 * told yet, marking them told at `now`, in the caller's transaction. `skip locked` and the mark
 * make each campaign claimed once, whichever process runs the job.
 */
export async function claimEndedCampaigns(
  tx: DbOrTx,
  today: string,
  now: Date,
  limit: number,
): Promise<EndedCampaign[]> {
  const due = tx
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(
      and(
        isNull(campaigns.endNotifiedAt),
        isNull(campaigns.archivedAt),
        lt(campaigns.lastDate, today),
      ),
    )
    .orderBy(campaigns.lastDate)
    .limit(limit)
    .for('update', { skipLocked: true });
  return tx
    .update(campaigns)
    .set({ endNotifiedAt: now })
    .where(and(inArray(campaigns.id, due), isNull(campaigns.endNotifiedAt)))
    .returning({
      id: campaigns.id,
      ownerId: campaigns.ownerId,
      petName: campaigns.petName,
      raisedCents: campaigns.raisedCents,
      maxDonationCents: campaigns.maxDonationCents,
    });
}

/**
 * Takes (deletes) up to `limit` goal notices, of one campaign or any, skipping those another
 * transaction holds, in the caller's transaction; answers each with the campaign's organiser and
 * pet name.
 */
export async function takeGoalNotices(
  tx: DbOrTx,
  campaignId: string | null,
  limit: number,
): Promise<
  { campaignId: string; maximumCents: number; ownerId: string | null; petName: string }[]
> {
  const result = await tx.execute(sql`
    with taken as (
      delete from ${campaignGoalNotices}
      where campaign_id in (
        select campaign_id from ${campaignGoalNotices}
        where ${campaignId}::uuid is null or campaign_id = ${campaignId}::uuid
        limit ${limit} for update skip locked)
      returning campaign_id, maximum_cents)
    select taken.campaign_id, taken.maximum_cents, c.owner_id, c.pet_name
    from taken join ${campaigns} c on c.id = taken.campaign_id`);
  const { rows } = result as unknown as {
    rows: {
      campaign_id: string;
      maximum_cents: number;
      owner_id: string | null;
      pet_name: string;
    }[];
  };
  return rows.map((row) => ({
    campaignId: row.campaign_id,
    maximumCents: Number(row.maximum_cents),
    ownerId: row.owner_id,
    petName: row.pet_name,
  }));
}
