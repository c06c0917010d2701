import { fromCents } from '@pet-haven/shared/money';
import type { NotificationSettings } from '@pet-haven/shared/notifications';
import { formatReceiptNumber } from '@pet-haven/shared/receipts';
import type { DataExport } from '@pet-haven/shared/users';
import type { UserData } from './user-data.repository';

/** The JSON file of "Download my data". */
export const presentDataExport = (
  data: UserData,
  notifications: NotificationSettings,
  now: Date,
): DataExport => ({
  exportedAt: now.toISOString(),
  account: {
    ...data.account,
    role: data.account.role ?? 'user',
    createdAt: data.account.createdAt.toISOString(),
  },
  notifications,
  pets: data.pets.map((p) => ({ ...p, createdAt: p.createdAt.toISOString() })),
  adoptionRequests: data.requests.map((r) => ({
    ...r,
    answers: { ...r.answers },
    createdAt: r.createdAt.toISOString(),
  })),
  adoptionMessages: data.messages.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })),
  favourites: data.favourites.map((f) => ({
    petName: f.petName,
    savedAt: f.createdAt.toISOString(),
  })),
  savedSearches: data.savedSearches.map((s) => ({
    ...s,
    createdAt: s.createdAt.toISOString(),
  })),
  campaigns: data.campaigns.map((c) => ({
    id: c.id,
    petName: c.petName,
    maxDonationAmount: fromCents(c.maxDonationCents),
    donatedAmount: fromCents(c.raisedCents),
    lastDate: c.lastDate,
    shortDescription: c.shortDescription,
    longDescription: c.longDescription,
    paused: c.paused,
    archived: c.archivedAt !== null,
    createdAt: c.createdAt.toISOString(),
  })),
  donations: data.donations.map((d) => ({
    id: d.id,
    receiptNumber: formatReceiptNumber(d.receiptNumber),
    campaignId: d.campaignId,
    petName: d.petName,
    amount: fromCents(d.amountCents),
    createdAt: d.createdAt.toISOString(),
  })),
});
