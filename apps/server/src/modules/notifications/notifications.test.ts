import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addPetVia } from '../../../test/helpers/pets';
import { startSmtpPeer, type SmtpPeer } from '../../../test/helpers/smtp-peer';
import { useTestContext, useUsers } from '../../../test/helpers/test-app';

// Notification mail about adoption requests, its settings and its unsubscribe link, over SMTP.
let smtp: SmtpPeer;
beforeAll(async () => {
  smtp = await startSmtpPeer();
});
afterAll(() => smtp.close());
const ctx = useTestContext(() => ({ SMTP_URL: smtp.url }));
const { owner, requester, other } = useUsers(ctx, {
  owner: { name: 'Olive Owner' },
  requester: { name: 'Rafi Requester' },
  other: { name: 'Oscar Other' },
});

beforeEach(async () => {
  await ctx.deps.mailer.deliverDue();
  smtp.received.length = 0;
});

const ask = (petId: string, token = requester.token) =>
  ctx.request('/api/adoption-requests', {
    token,
    json: { petId, phone: '+880 1711-000000', address: '12 Lake Road' },
  });

async function delivered() {
  await ctx.deps.mailer.deliverDue();
  return smtp.received;
}

const unsubscribeTokenOf = (text: string) =>
  decodeURIComponent(/\/unsubscribe\?token=(\S+)/.exec(text)![1]!);

const setTopic = (token: string, settings: Record<string, boolean>) =>
  ctx.request('/api/user/notifications', { method: 'PUT', token, json: settings });

const allOn = {
  'adoption-requests': true,
  'adoption-decisions': true,
  'adoption-messages': true,
  'campaign-updates': true,
  'pet-alerts': true,
};

describe('adoption notifications', () => {
  it('tells the owner about a new request, with a one-click unsubscribe', async () => {
    const pet = await addPetVia(ctx, owner.token, { petName: 'Bella' });
    expect((await ask(pet._id)).status).toBe(201);
    const [mail, ...more] = await delivered();
    expect(more).toHaveLength(0);
    expect(mail!.to).toEqual([owner.email]);
    expect(mail!.parsed.subject).toBe('Rafi Requester asked to adopt Bella');
    expect(mail!.parsed.text).toContain('Hello Olive Owner,');
    expect(mail!.parsed.text).toContain(
      'See adoption requests: http://localhost:3000/dashboard/adoption-requests',
    );
    expect(mail!.parsed.html).toContain('Unsubscribe from these e-mails');
    const header = mail!.parsed.headerLines.find((h) => h.key === 'list-unsubscribe')?.line;
    expect(header).toMatch(
      /^List-Unsubscribe:\s*<http:\/\/localhost:3000\/api\/notifications\/unsubscribe\?token=\S+>$/,
    );
    expect(mail!.parsed.text).toMatch(
      /Unsubscribe from these e-mails: http:\/\/localhost:3000\/unsubscribe\?token=/,
    );
  });

  it('tells the requester the answer, and the owner a withdrawal', async () => {
    const pet = await addPetVia(ctx, owner.token, { petName: 'Milo' });
    const accepted = (await ask(pet._id)).body;
    await delivered();
    smtp.received.length = 0;
    await ctx.request(`/api/adoption-requests/${accepted._id}`, {
      method: 'PATCH',
      token: owner.token,
      json: { status: 'accepted' },
    });
    const [yes] = await delivered();
    expect(yes!.to).toEqual([requester.email]);
    expect(yes!.parsed.subject).toBe('Your request to adopt Milo was accepted');

    const pet2 = await addPetVia(ctx, owner.token, { petName: 'Nala' });
    const pending = (await ask(pet2._id, other.token)).body;
    await delivered();
    smtp.received.length = 0;
    expect(
      (
        await ctx.request(`/api/adoption-requests/${pending._id}`, {
          method: 'DELETE',
          token: other.token,
        })
      ).status,
    ).toBe(200);
    const [withdrawn] = await delivered();
    expect(withdrawn!.to).toEqual([owner.email]);
    expect(withdrawn!.parsed.subject).toBe('Oscar Other withdrew their request to adopt Nala');
  });

  it('writes no mail when the request is refused', async () => {
    const pet = await addPetVia(ctx, owner.token);
    expect((await ask(pet._id)).status).toBe(201);
    expect((await ask(pet._id)).status).toBe(409);
    expect(await delivered()).toHaveLength(1);
  });
});

describe('turning notifications off', () => {
  it('by the link of a mail, without signing in, for that topic only', async () => {
    const pet = await addPetVia(ctx, owner.token, { petName: 'Coco' });
    await ask(pet._id);
    const [mail] = await delivered();
    const token = unsubscribeTokenOf(mail!.parsed.text!);
    const off = await ctx.request(
      `/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`,
      {
        method: 'POST',
      },
    );
    expect(off.status).toBe(200);
    expect(off.body).toEqual({
      topic: 'adoption-requests',
      label: 'Someone asks to adopt one of my pets, or withdraws their request',
    });
    // again, and as a mail program's one-click POST (a form body): the same answer
    const oneClick = await ctx.request(
      `/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`,
      {
        method: 'POST',
        body: 'List-Unsubscribe=One-Click',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      },
    );
    expect(oneClick.status).toBe(200);
    expect((await ctx.request('/api/user/notifications', { token: owner.token })).body).toEqual({
      ...allOn,
      'adoption-requests': false,
    });

    smtp.received.length = 0;
    const pet2 = await addPetVia(ctx, owner.token);
    const request = (await ask(pet2._id, other.token)).body;
    expect(await delivered()).toHaveLength(0);
    // the owner's other topics still go, and so does the requester's mail
    await ctx.request(`/api/adoption-requests/${request._id}`, {
      method: 'PATCH',
      token: owner.token,
      json: { status: 'rejected' },
    });
    expect((await delivered()).map((m) => m.to[0])).toEqual([other.email]);
    await setTopic(owner.token, allOn);
  });

  it('refuses a link changed to another user or topic, or a token of another flow', async () => {
    const pet = await addPetVia(ctx, owner.token);
    await ask(pet._id);
    const [mail] = await delivered();
    const token = unsubscribeTokenOf(mail!.parsed.text!);
    const [, topic, signature] = token.split('.');
    for (const forged of [
      `${requester.id}.${topic}.${signature}`,
      `${owner.id}.adoption-decisions.${signature}`,
      `${owner.id}.no-such-topic.${signature}`,
      'reset-token-from-another-flow',
      `${token}x`,
    ]) {
      const res = await ctx.request(
        `/api/notifications/unsubscribe?token=${encodeURIComponent(forged)}`,
        { method: 'POST' },
      );
      expect(res.status, forged).toBe(400);
      expect(res.body.code).toBe('INVALID_TOKEN');
    }
    const missing = await ctx.request('/api/notifications/unsubscribe', { method: 'POST' });
    expect(missing.status).toBe(400);
    expect(missing.body.issues[0].path).toBe('query.token');
    for (const u of [owner, requester]) {
      expect((await ctx.request('/api/user/notifications', { token: u.token })).body).toEqual(
        allOn,
      );
    }
  });

  it('on the profile: every topic at once, signed in, each field checked', async () => {
    expect((await ctx.request('/api/user/notifications')).status).toBe(401);
    const saved = await setTopic(requester.token, { ...allOn, 'adoption-decisions': false });
    expect(saved.status).toBe(200);
    expect(saved.body['adoption-decisions']).toBe(false);
    const bad = await setTopic(requester.token, { ...allOn, 'adoption-decisions': 'no' } as never);
    expect(bad.status).toBe(400);
    expect(bad.body.issues[0].path).toBe('json.adoption-decisions');
    const unknown = await setTopic(requester.token, { ...allOn, spam: true } as never);
    expect(unknown.status).toBe(400);

    const pet = await addPetVia(ctx, owner.token, { petName: 'Quiet' });
    const request = (await ask(pet._id)).body;
    await delivered();
    smtp.received.length = 0;
    await ctx.request(`/api/adoption-requests/${request._id}`, {
      method: 'PATCH',
      token: owner.token,
      json: { status: 'accepted' },
    });
    expect(await delivered()).toHaveLength(0);
    await setTopic(requester.token, allOn);
  });
});
