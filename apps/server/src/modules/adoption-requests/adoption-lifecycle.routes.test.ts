import {
  adoptionMessageSchema,
  adoptionRequestDetailSchema,
  adoptionRequestSchema,
  petSchema,
} from '@pet-haven/shared/pets';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectError, expectInvalid } from '../../../test/helpers/expect';
import { addPetVia } from '../../../test/helpers/pets';
import { startSmtpPeer, type SmtpPeer } from '../../../test/helpers/smtp-peer';
import { useTestContext, useUsers } from '../../../test/helpers/test-app';

// An adoption from application to home: answers, the status machine, the conversation, mail.
let smtp: SmtpPeer;
beforeAll(async () => {
  smtp = await startSmtpPeer();
});
afterAll(() => smtp.close());
const ctx = useTestContext(() => ({ SMTP_URL: smtp.url }));
const { owner, ann, ben, stranger, admin } = useUsers(ctx, {
  owner: { name: 'Olive Owner' },
  ann: { name: 'Ann Adopter' },
  ben: { name: 'Ben Backup' },
  stranger: { name: 'Sam Stranger' },
  admin: { role: 'admin', name: 'Ada Admin' },
});

beforeEach(async () => {
  await ctx.deps.mailer.deliverDue();
  smtp.received.length = 0;
});

async function delivered() {
  await ctx.deps.mailer.deliverDue();
  return smtp.received.splice(0);
}

const answers = {
  homeType: 'house',
  garden: 'yes',
  childrenAtHome: 'no',
  otherPets: 'One old cat',
  experience: 'Two dogs before',
  message: 'We walk a lot.',
};

const ask = (petId: string, token: string, extra: object = {}) =>
  ctx.request('/api/adoption-requests', {
    token,
    json: { petId, phone: '+44 113 496 0000', address: '1 Park Row, Leeds', ...extra },
  });

const move = (id: string, status: string, token = owner.token) =>
  ctx.request(`/api/adoption-requests/${id}`, { method: 'PATCH', token, json: { status } });

const detail = (id: string, token: string) =>
  ctx.request(`/api/adoption-requests/${id}`, { token });

const petNow = async (id: string) =>
  petSchema.parse((await ctx.request(`/api/pets/${id}`, { token: owner.token })).body);

async function petWithTwoRequests(petName: string) {
  const pet = await addPetVia(ctx, owner.token, { petName });
  const a = await ask(pet._id, ann.token, { answers });
  const b = await ask(pet._id, ben.token);
  expect([a.status, b.status]).toEqual([201, 201]);
  return { pet, annId: a.body._id as string, benId: b.body._id as string };
}

describe('application questions', () => {
  it('keeps the answers and shows them with the request to its parties', async () => {
    const { annId, benId } = await petWithTwoRequests('Rex');
    const mine = adoptionRequestSchema.parse((await detail(annId, ann.token)).body);
    expect(mine.answers).toEqual(answers);
    const list = await ctx.request('/api/user/adoption-requests', { token: owner.token });
    const byId = new Map(list.body.map((r: { _id: string }) => [r._id, r]));
    expect(byId.get(annId)).toMatchObject({ answers, ownerName: 'Olive Owner' });
    expect(byId.get(benId)).toMatchObject({ answers: {} });
  });

  it('answers 400 naming the question for a bad answer', async () => {
    const pet = await addPetVia(ctx, owner.token, { petName: 'Quiz' });
    for (const [bad, path] of [
      [{ homeType: 'castle' }, 'json.answers.homeType'],
      [{ garden: 'maybe' }, 'json.answers.garden'],
      [{ message: 'x'.repeat(2001) }, 'json.answers.message'],
      [{ favouriteColour: 'blue' }, 'json.answers'],
    ] as const) {
      expect(expectInvalid(await ask(pet._id, ann.token, { answers: bad }))[0]).toBe(path);
    }
  });
});

describe('statuses from application to home', () => {
  it('refuses moves the machine does not have with 409', async () => {
    const { annId } = await petWithTwoRequests('Moss');
    expectError(await move(annId, 'adopted'), 409, 'CONFLICT');
    expect((await move(annId, 'rejected')).status).toBe(200);
    expectError(await move(annId, 'adopted'), 409, 'CONFLICT');
    // asking for the status it has changes nothing
    expect((await move(annId, 'rejected')).body.status).toBe('rejected');
  });

  it('accepted: the pet shows its adoption pending and takes no new requests; falling through frees it', async () => {
    const { pet, annId, benId } = await petWithTwoRequests('Pip');
    expect((await petNow(pet._id)).adoptionPending).toBe(false);
    expect((await move(annId, 'accepted')).body.status).toBe('accepted');
    expect((await petNow(pet._id)).adoptionPending).toBe(true);
    const listed = await ctx.request(`/api/pets?search=Pip`);
    expect(listed.body.find((p: { _id: string }) => p._id === pet._id)).toMatchObject({
      adoptionPending: true,
      adopted: false,
    });
    const late = await ask(pet._id, stranger.token);
    expectError(late, 409, 'CONFLICT');
    expect(late.body.message).toMatch(/adoption is pending/);
    const second = await move(benId, 'accepted');
    expectError(second, 409, 'CONFLICT');
    expect(second.body.message).toBe('Another request for this pet is already accepted.');

    // the adoption falls through: the owner rejects the accepted request
    expect((await move(annId, 'rejected')).status).toBe(200);
    expect((await petNow(pet._id)).adoptionPending).toBe(false);
    expect((await ask(pet._id, stranger.token)).status).toBe(201);
    expect((await move(benId, 'accepted')).status).toBe(200);
  });

  it('adopted: the pet is adopted, every other open request is closed and its sender told politely', async () => {
    const { pet, annId, benId } = await petWithTwoRequests('Honey');
    expect((await move(annId, 'accepted')).status).toBe(200);
    await delivered();
    const confirmed = await move(annId, 'adopted');
    expect(confirmed.body.status).toBe('adopted');
    expect(await petNow(pet._id)).toMatchObject({ adopted: true, adoptionPending: false });
    const bens = adoptionRequestDetailSchema.parse((await detail(benId, ben.token)).body);
    expect(bens.status).toBe('closed');
    expect(bens.history.map((e) => [e.status, e.byName])).toEqual([
      ['pending', 'Ben Backup'],
      ['closed', 'Olive Owner'],
    ]);
    const mails = await delivered();
    const toBen = mails.find((m) => m.to.includes(ben.email));
    expect(toBen?.parsed.subject).toBe('Honey has found a home');
    expect(toBen?.parsed.text).toContain('Thank you for your interest in Honey.');
    const toAnn = mails.find((m) => m.to.includes(ann.email));
    expect(toAnn?.parsed.subject).toBe('Honey is yours: the adoption is confirmed');
    // final: nothing moves any more
    expectError(await move(annId, 'rejected'), 409, 'CONFLICT');
    expectError(await move(benId, 'accepted'), 409, 'CONFLICT');

    const anns = adoptionRequestDetailSchema.parse((await detail(annId, owner.token)).body);
    expect(anns.history.map((e) => e.status)).toEqual(['pending', 'accepted', 'adopted']);
    expect(anns.viewerSide).toBe('owner');
    expect(bens.viewerSide).toBe('requester');
    expect(anns.history.every((e) => !Number.isNaN(Date.parse(e.at)))).toBe(true);
  });

  it('two owner tabs accepting two requests at once leave exactly one accepted', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { pet, annId, benId } = await petWithTwoRequests(`Race ${round}`);
      const answered = await Promise.all([move(annId, 'accepted'), move(benId, 'accepted')]);
      expect(answered.map((r) => r.status).sort()).toEqual([200, 409]);
      const list = await ctx.request(`/api/user/adoption-requests?limit=100`, {
        token: owner.token,
      });
      const onPet = list.body.filter((r: { petId: string }) => r.petId === pet._id);
      expect(onPet.filter((r: { status: string }) => r.status === 'accepted')).toHaveLength(1);
    }
  });

  it('marking the pet adopted settles its requests: the accepted one adopted, the rest closed', async () => {
    const { pet, annId, benId } = await petWithTwoRequests('Biscuit');
    expect((await move(annId, 'accepted')).status).toBe(200);
    const marked = await ctx.request(`/api/pets/${pet._id}/adopted`, {
      method: 'PATCH',
      token: owner.token,
    });
    expect(marked.status).toBe(200);
    expect((await detail(annId, ann.token)).body.status).toBe('adopted');
    expect((await detail(benId, ben.token)).body.status).toBe('closed');
  });

  it('only the parties and admins read a request; the requester cannot move it', async () => {
    const { annId } = await petWithTwoRequests('Secret');
    expectError(await detail(annId, stranger.token), 403, 'FORBIDDEN');
    expectError(await ctx.request(`/api/adoption-requests/${annId}`), 401, 'UNAUTHORIZED');
    expect((await detail(annId, admin.token)).body.phone).toBe('+44 113 496 0000');
    expectError(await move(annId, 'accepted', ann.token), 403, 'FORBIDDEN');
  });
});

describe('the conversation on a request', () => {
  const write = (id: string, token: string | undefined, body: unknown) =>
    ctx.request(`/api/adoption-requests/${id}/messages`, { token, json: { body } });
  const read = (id: string, token: string | undefined, q = '') =>
    ctx.request(`/api/adoption-requests/${id}/messages${q}`, { token });
  const unread = async (token: string) =>
    (await ctx.request('/api/user/unread-messages', { token })).body.count as number;

  it('carries messages between the two parties, mailed and counted unread until read', async () => {
    const { annId } = await petWithTwoRequests('Chatty');
    await delivered(); // the owner's mail about the two requests
    const ownerBefore = await unread(owner.token);
    const sent = await write(annId, ann.token, 'Could I visit on Saturday?');
    expect(sent.status).toBe(201);
    expect(adoptionMessageSchema.parse(sent.body)).toMatchObject({
      body: 'Could I visit on Saturday?',
      authorName: 'Ann Adopter',
      mine: true,
    });
    const [mail, ...more] = await delivered();
    expect(more).toHaveLength(0);
    expect(mail!.to).toEqual([owner.email]);
    expect(mail!.parsed.subject).toBe('New message from Ann Adopter about Chatty');
    expect(mail!.parsed.text).toContain(`http://localhost:3000/dashboard/adoption/${annId}`);

    expect(await unread(owner.token)).toBe(ownerBefore + 1);
    const newest = await ctx.request('/api/user/unread-messages', { token: owner.token });
    expect(newest.body.requestId).toBe(annId);
    const list = await ctx.request('/api/user/adoption-requests?limit=100', { token: owner.token });
    expect(list.body.find((r: { _id: string }) => r._id === annId).unreadMessages).toBe(1);
    expect(await unread(ann.token)).toBe(0);

    const seen = await read(annId, owner.token);
    expect(seen.body.map((m: { body: string; mine: boolean }) => [m.body, m.mine])).toEqual([
      ['Could I visit on Saturday?', false],
    ]);
    const marked = await ctx.request(`/api/adoption-requests/${annId}/read`, {
      method: 'PUT',
      token: owner.token,
    });
    expect(marked.body.count).toBe(ownerBefore);

    expect((await write(annId, owner.token, 'Yes, 10 am suits.')).status).toBe(201);
    expect(await unread(ann.token)).toBe(1);
    const both = await read(annId, ann.token, '?limit=1');
    expect(both.headers.get('x-total-count')).toBe('2');
    expect(both.body.map((m: { body: string }) => m.body)).toEqual(['Yes, 10 am suits.']);
  });

  it('never lets anyone else read or write; admins read only', async () => {
    const { annId } = await petWithTwoRequests('Private');
    expect((await write(annId, ann.token, 'Hello')).status).toBe(201);
    expectError(await read(annId, stranger.token), 403, 'FORBIDDEN');
    expectError(await write(annId, stranger.token, 'Hi'), 403, 'FORBIDDEN');
    expectError(await read(annId, ben.token), 403, 'FORBIDDEN');
    expectError(await read(annId, undefined), 401, 'UNAUTHORIZED');
    expect((await read(annId, admin.token)).body).toHaveLength(1);
    expectError(await write(annId, admin.token, 'Admin here'), 403, 'FORBIDDEN');
    expect(await unread(stranger.token)).toBe(0);
  });

  it('answers 400 for an empty or long message and 409 once the request is rejected', async () => {
    const { annId } = await petWithTwoRequests('Quiet');
    expect(expectInvalid(await write(annId, ann.token, '   '))[0]).toBe('json.body');
    expect(expectInvalid(await write(annId, ann.token, 'x'.repeat(2001)))[0]).toBe('json.body');
    expect((await move(annId, 'rejected')).status).toBe(200);
    expectError(await write(annId, ann.token, 'Why?'), 409, 'CONFLICT');
  });
});
