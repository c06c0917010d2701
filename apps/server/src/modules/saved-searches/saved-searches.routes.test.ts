import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationSettingsSchema } from '@pet-haven/shared/notifications';
import { SAVED_SEARCHES_MAX, savedSearchSchema } from '@pet-haven/shared/saved-searches';
import { expectError, expectInvalid } from '../../../test/helpers/expect';
import { MISSING_ID } from '../../../test/helpers/factories';
import { addPetVia } from '../../../test/helpers/pets';
import { startSmtpPeer, type SmtpPeer } from '../../../test/helpers/smtp-peer';
import { useTestContext, useUsers } from '../../../test/helpers/test-app';
import { places } from '../../db/schema/index';
import { sendSavedSearchAlerts } from './saved-search-alerts.service';

let smtp: SmtpPeer;
beforeAll(async () => {
  smtp = await startSmtpPeer();
});
afterAll(() => smtp.close());
let clock = new Date();
const ctx = useTestContext(() => ({ SMTP_URL: smtp.url }), { now: () => clock });
const { owner, seeker, other, admin } = useUsers(ctx, {
  owner: { name: 'Olive Owner' },
  seeker: { name: 'Sam Seeker' },
  other: { name: 'Oscar Other' },
  admin: { role: 'admin' },
});

const save = (token: string | undefined, json: object) =>
  ctx.request('/api/user/saved-searches', { token, json });
const list = (token: string) => ctx.request('/api/user/saved-searches', { token });
const patch = (id: string, token: string, json: object) =>
  ctx.request(`/api/user/saved-searches/${id}`, { method: 'PATCH', token, json });
const remove = (id: string, token: string) =>
  ctx.request(`/api/user/saved-searches/${id}`, { method: 'DELETE', token });

/** A run of the alert job that considers pets up to now (the job waits a minute for them). */
const alertRun = (deps: typeof ctx.deps) => sendSavedSearchAlerts(deps, { settleSeconds: 0 });

const alertsTo = async (email: string) => {
  await ctx.deps.mailer.deliverDue();
  return smtp.to(email).filter((m) => m.parsed.subject?.includes('match'));
};

describe('saved searches', () => {
  it('saves the filters of /petlist (dropping paging and sort), lists, renames and deletes them', async () => {
    // one place of the gazetteer is enough here
    const leeds = 2644688;
    await ctx.database.db
      .insert(places)
      .values({
        id: leeds,
        name: 'Leeds',
        label: 'Leeds, United Kingdom',
        country: 'GB',
        population: 455123,
        latitude: 53.79648,
        longitude: -1.54785,
      })
      .onConflictDoNothing();
    const res = await save(seeker.token, {
      name: '  Small cats near Leeds ',
      query: `?sort=nearest&page=3&size=small&category=cat&near=${leeds}.0&within=50&utm=x&search=+Tib+&goodWithCats=true`,
    });
    expect(res.status, res.text).toBe(201);
    const saved = savedSearchSchema.parse(res.body);
    expect(saved).toMatchObject({
      name: 'Small cats near Leeds',
      query: `search=Tib&category=cat&size=small&goodWithCats=true&near=${leeds}&within=50`,
      alerts: true,
      lastAlertedAt: null,
    });

    const listed = await list(seeker.token);
    expect(listed.headers.get('x-total-count')).toBe('1');
    expect(savedSearchSchema.array().parse(listed.body)).toEqual([saved]);

    const renamed = await patch(saved.id, seeker.token, { name: 'Cats', alerts: false });
    expect(renamed.body).toMatchObject({ name: 'Cats', alerts: false });
    expect((await remove(saved.id, seeker.token)).status).toBe(200);
    expect((await remove(saved.id, seeker.token)).status).toBe(404);
    expect((await list(seeker.token)).body).toEqual([]);
  });

  it('answers 400 naming the filter that is wrong, and the name', async () => {
    const bad = await save(seeker.token, { name: '', query: 'size=huge&within=10&near=-1' });
    expect(expectInvalid(bad).sort()).toEqual(
      ['json.name', 'json.query.near', 'json.query.size'].sort(),
    );
    const withinAlone = await save(seeker.token, { name: 'x', query: 'within=10' });
    expect(expectInvalid(withinAlone)).toEqual(['json.query.within']);
    // a distance the list does not offer, and a place id written oddly (0x10 is 16: no such place)
    const oddWithin = await save(seeker.token, { name: 'x', query: 'near=2644688&within=7' });
    expect(expectInvalid(oddWithin)).toEqual(['json.query.within']);
    const hexPlace = await save(seeker.token, { name: 'x', query: 'near=0x10' });
    expect(expectInvalid(hexPlace)).toEqual(['json.query.near']);
    const unknownPlace = await save(seeker.token, { name: 'x', query: 'near=999999999' });
    expect(expectInvalid(unknownPlace)).toEqual(['json.query.near']);
    expect(expectInvalid(await save(seeker.token, { name: 'x' }))).toEqual(['json.query']);
    expect(expectInvalid(await save(seeker.token, { name: 'x'.repeat(81), query: '' }))).toEqual([
      'json.name',
    ]);
  });

  it('never shows or changes another user’s searches, not even to an admin', async () => {
    const mine = (await save(seeker.token, { name: 'Mine', query: 'category=dog' })).body;
    expect((await save(undefined, { name: 'Anon', query: '' })).status).toBe(401);
    expect((await ctx.request('/api/user/saved-searches')).status).toBe(401);
    for (const token of [other.token, admin.token]) {
      expect((await list(token)).body).toEqual([]);
      expectError(await patch(mine.id, token, { name: 'Taken' }), 404, 'NOT_FOUND');
      expectError(await remove(mine.id, token), 404, 'NOT_FOUND');
    }
    expectError(await patch(MISSING_ID, seeker.token, { name: 'x' }), 404, 'NOT_FOUND');
    expect((await list(seeker.token)).body).toEqual([expect.objectContaining({ name: 'Mine' })]);
    await remove(mine.id, seeker.token);
  });

  it(`keeps at most ${SAVED_SEARCHES_MAX} per user, also when saved at once`, async () => {
    const results = await Promise.all(
      Array.from({ length: SAVED_SEARCHES_MAX + 3 }, (_, i) =>
        save(other.token, { name: `Search ${i}`, query: `search=${i}`, alerts: false }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(SAVED_SEARCHES_MAX);
    for (const r of results.filter((r) => r.status !== 201)) expectError(r, 409, 'CONFLICT');
    expect((await list(other.token)).headers.get('x-total-count')).toBe(String(SAVED_SEARCHES_MAX));
  });

  it('mails new matching pets once a day at most, with a link to the list and an unsubscribe link', async () => {
    clock = new Date();
    const search = (
      await save(seeker.token, { name: 'Small dogs', query: 'category=dog&size=small' })
    ).body;
    await addPetVia(ctx, owner.token, { petName: 'Before', petCategory: 'dog', size: 'small' });
    // the seeker's own pet, a big dog, a cat, and an adopted small dog do not match
    await addPetVia(ctx, seeker.token, { petName: 'Own', petCategory: 'dog', size: 'small' });
    await addPetVia(ctx, owner.token, { petName: 'Big', petCategory: 'dog', size: 'large' });
    await addPetVia(ctx, owner.token, { petName: 'Kitty', petCategory: 'cat', size: 'small' });
    const gone = await addPetVia(ctx, owner.token, {
      petName: 'Gone',
      petCategory: 'dog',
      size: 'small',
    });
    await ctx.request(`/api/pets/${gone._id}/adopted`, {
      method: 'PATCH',
      token: owner.token,
      json: { adopted: true },
    });

    // the job mails pets a minute after they were added (any transaction adding one has ended)
    expect(await sendSavedSearchAlerts(ctx.deps)).toBe(0);
    // two processes run the job at once: one alert
    const [a, b] = await Promise.all([alertRun(ctx.deps), alertRun({ ...ctx.deps })]);
    expect(a + b).toBe(1);
    const [mail, ...others] = await alertsTo(seeker.email);
    expect(others).toEqual([]);
    expect(mail!.parsed.subject).toBe('A new pet matches "Small dogs": Before');
    const text = mail!.parsed.text ?? '';
    expect(text).toContain('Before (dog, Dhaka)');
    for (const name of ['Own', 'Big', 'Kitty', 'Gone']) expect(text).not.toContain(`${name} (`);
    expect(text).toContain('/petlist?category=dog&size=small');
    expect(mail!.parsed.headerLines.some((h) => h.key === 'list-unsubscribe')).toBe(true);
    expect((await list(seeker.token)).body[0].lastAlertedAt).toBe(clock.toISOString());

    // a new match the same day waits for tomorrow; a pet already mailed is not mailed again
    await addPetVia(ctx, owner.token, { petName: 'Next', petCategory: 'dog', size: 'small' });
    expect(await alertRun(ctx.deps)).toBe(0);
    clock = new Date(clock.getTime() + 86_400_000 + 1000);
    expect(await alertRun(ctx.deps)).toBe(1);
    const second = (await alertsTo(seeker.email))[1]!;
    expect(second.parsed.subject).toBe('A new pet matches "Small dogs": Next');
    expect(second.parsed.text).not.toContain('Before (');

    // paused: nothing; turned back on: pets listed while paused are not mailed, later ones are
    await patch(search.id, seeker.token, { alerts: false });
    await addPetVia(ctx, owner.token, { petName: 'Paused', petCategory: 'dog', size: 'small' });
    clock = new Date(clock.getTime() + 2 * 86_400_000);
    expect(await alertRun(ctx.deps)).toBe(0);
    await patch(search.id, seeker.token, { alerts: true });
    expect(await alertRun(ctx.deps)).toBe(0);
    await addPetVia(ctx, owner.token, { petName: 'Fourth', petCategory: 'dog', size: 'small' });
    expect(await alertRun(ctx.deps)).toBe(1);
    const third = (await alertsTo(seeker.email))[2]!;
    expect(third.parsed.subject).toBe('A new pet matches "Small dogs": Fourth');

    // the topic turned off: nothing either
    const settings = notificationSettingsSchema.parse(
      (await ctx.request('/api/user/notifications', { token: seeker.token })).body,
    );
    await ctx.request('/api/user/notifications', {
      method: 'PUT',
      token: seeker.token,
      json: { ...settings, 'pet-alerts': false },
    });
    await addPetVia(ctx, owner.token, { petName: 'Fifth', petCategory: 'dog', size: 'small' });
    clock = new Date(clock.getTime() + 2 * 86_400_000);
    expect(await alertRun(ctx.deps)).toBe(0);
    expect(await alertsTo(seeker.email)).toHaveLength(3);
    await remove(search.id, seeker.token);
  });
});
