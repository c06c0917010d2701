import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  adoptionMessages,
  adoptionRequests,
  campaigns,
  donations,
  favourites,
  savedSearches,
  pets,
  user,
} from '../../db/schema/index';

/** Everything stored about one user, for "Download my data" (rows as stored). */
export async function loadUserData(db: DbOrTx, userId: string) {
  const [account] = await db
    .select({
      id: user.id,
      name: user.name,
      email: user.email,
      emailVerified: user.emailVerified,
      image: user.image,
      role: user.role,
      createdAt: user.createdAt,
    })
    .from(user)
    .where(eq(user.id, userId))
    .limit(1);
  const ownPets = await db
    .select({
      id: pets.id,
      petName: pets.petName,
      petAge: pets.petAge,
      petCategory: pets.petCategory,
      petLocation: pets.petLocation,
      shortDescription: pets.shortDescription,
      longDescription: pets.longDescription,
      adopted: pets.adopted,
      createdAt: pets.dateAdded,
    })
    .from(pets)
    .where(eq(pets.ownerId, userId))
    .orderBy(desc(pets.dateAdded));
  const requests = await db
    .select({
      id: adoptionRequests.id,
      petName: pets.petName,
      phone: adoptionRequests.phone,
      address: adoptionRequests.address,
      status: adoptionRequests.status,
      answers: adoptionRequests.answers,
      createdAt: adoptionRequests.createdAt,
    })
    .from(adoptionRequests)
    .innerJoin(pets, eq(pets.id, adoptionRequests.petId))
    .where(eq(adoptionRequests.requesterId, userId))
    .orderBy(desc(adoptionRequests.createdAt));
  const messages = await db
    .select({
      requestId: adoptionMessages.requestId,
      petName: pets.petName,
      body: adoptionMessages.body,
      createdAt: adoptionMessages.createdAt,
    })
    .from(adoptionMessages)
    .innerJoin(adoptionRequests, eq(adoptionRequests.id, adoptionMessages.requestId))
    .innerJoin(pets, eq(pets.id, adoptionRequests.petId))
    .where(eq(adoptionMessages.authorId, userId))
    .orderBy(desc(adoptionMessages.createdAt));
  const saved = await db
    .select({ petName: favourites.petName, createdAt: favourites.createdAt })
    .from(favourites)
    .where(eq(favourites.userId, userId))
    .orderBy(desc(favourites.createdAt));
  const searches = await db
    .select({
      name: savedSearches.name,
      query: savedSearches.query,
      alerts: savedSearches.alerts,
      createdAt: savedSearches.createdAt,
    })
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId))
    .orderBy(desc(savedSearches.createdAt));
  const ownCampaigns = await db
    .select({
      id: campaigns.id,
      petName: campaigns.petName,
      maxDonationCents: campaigns.maxDonationCents,
      raisedCents: campaigns.raisedCents,
      lastDate: campaigns.lastDate,
      shortDescription: campaigns.shortDescription,
      longDescription: campaigns.longDescription,
      paused: campaigns.paused,
      archivedAt: campaigns.archivedAt,
      createdAt: campaigns.createdAt,
    })
    .from(campaigns)
    .where(eq(campaigns.ownerId, userId))
    .orderBy(desc(campaigns.createdAt));
  const given = await db
    .select({
      id: donations.id,
      receiptNumber: donations.receiptNumber,
      campaignId: donations.campaignId,
      petName: campaigns.petName,
      amountCents: donations.amountCents,
      createdAt: donations.createdAt,
    })
    .from(donations)
    .innerJoin(campaigns, eq(campaigns.id, donations.campaignId))
    .where(eq(donations.donorId, userId))
    .orderBy(desc(donations.createdAt));
  return account
    ? {
        account,
        pets: ownPets,
        requests,
        messages,
        favourites: saved,
        savedSearches: searches,
        campaigns: ownCampaigns,
        donations: given,
      }
    : null;
}

export type UserData = NonNullable<Awaited<ReturnType<typeof loadUserData>>>;
