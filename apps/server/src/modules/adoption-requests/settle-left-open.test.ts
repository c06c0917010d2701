import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addPetVia } from '../../../test/helpers/pets';
import { useTestContext, useUsers } from '../../../test/helpers/test-app';
import { adoptionRequestEvents, adoptionRequests, pets } from '../../db/schema/index';
import { settleRequestsLeftOpen } from './adoption-requests.service';

const ctx = useTestContext();
const { owner, ann, ben, cat } = useUsers(ctx, {
  owner: { name: 'Olive Owner' },
  ann: { name: 'Ann' },
  ben: { name: 'Ben' },
  cat: { name: 'Cat' },
});

describe('settling requests left open on adopted pets (at start-up)', () => {
  it('settles requests left open on pets adopted before 0014: accepted -> adopted, pending -> closed', async () => {
    const db = ctx.database.db;
    const adopted = await addPetVia(ctx, owner.token, { petName: 'Old' });
    const available = await addPetVia(ctx, owner.token, { petName: 'Open' });
    // the state an old site was left in: the pet marked adopted, its requests never settled
    const [accepted, pending, elsewhere] = await db
      .insert(adoptionRequests)
      .values([
        { petId: adopted._id, requesterId: ann.id, phone: '1', address: 'a', status: 'accepted' },
        { petId: adopted._id, requesterId: ben.id, phone: '2', address: 'b', status: 'pending' },
        { petId: available._id, requesterId: cat.id, phone: '3', address: 'c', status: 'pending' },
      ])
      .returning({ id: adoptionRequests.id });
    await db.update(pets).set({ adopted: true }).where(eq(pets.id, adopted._id));

    expect(await settleRequestsLeftOpen(ctx.deps)).toBe(2);
    // a second start changes nothing
    expect(await settleRequestsLeftOpen(ctx.deps)).toBe(0);

    const statusOf = async (id: string) =>
      (await db.select().from(adoptionRequests).where(eq(adoptionRequests.id, id)))[0]!.status;
    expect(await statusOf(accepted!.id)).toBe('adopted');
    expect(await statusOf(pending!.id)).toBe('closed');
    expect(await statusOf(elsewhere!.id)).toBe('pending');
    const events = await db
      .select({ requestId: adoptionRequestEvents.requestId, status: adoptionRequestEvents.status })
      .from(adoptionRequestEvents);
    expect(events).toEqual(
      expect.arrayContaining([
        { requestId: accepted!.id, status: 'adopted' },
        { requestId: pending!.id, status: 'closed' },
      ]),
    );
    expect(events.some((e) => e.requestId === elsewhere!.id)).toBe(false);
  });
});
