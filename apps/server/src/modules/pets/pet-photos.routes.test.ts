import { describe, expect, it } from 'vitest';
import { parseHostedImageUrl } from '@pet-haven/shared/images';
import { PET_PHOTOS_MAX, petSchema } from '@pet-haven/shared/pets';
import { expectInvalid } from '../../../test/helpers/expect';
import { petBody } from '../../../test/helpers/pets';
import { uploadPicture } from '../../../test/helpers/pictures';
import { useTestContext, useUsers } from '../../../test/helpers/test-app';
import { sweepUnusedImages } from '../images/images.service';

// No grace period: a released picture goes at once.
const ctx = useTestContext({ IMAGE_GRACE_MINUTES: '0', IMAGE_UPLOAD_RATE_LIMIT_MAX: '200' });
const { owner, other, admin } = useUsers(ctx, {
  owner: { name: 'Owner' },
  other: { name: 'Other' },
  admin: { role: 'admin' },
});

const picture = (token = owner.token) => uploadPicture(ctx, token, { width: 500, height: 300 });
const pictures = async (n: number, token = owner.token) => {
  const urls: string[] = [];
  for (let i = 0; i < n; i++) urls.push(await picture(token));
  return urls;
};

async function addPetWithPhotos(cover: string, morePhotos: string[]) {
  const res = await ctx.request('/api/add-pet', {
    token: owner.token,
    json: petBody(cover, { morePhotos }),
  });
  expect(res.status, res.text).toBe(201);
  return petSchema.parse(res.body);
}

const getPet = async (id: string) => petSchema.parse((await ctx.request(`/api/pets/${id}`)).body);
const patch = (id: string, json: object, token = owner.token) =>
  ctx.request(`/api/update-pet/${id}`, { method: 'PATCH', token, json });
const served = async (url: string) => (await ctx.request(url)).status;

describe('a pet with several photos', () => {
  it('keeps the cover and the other photos in the order sent; lists show the cover only', async () => {
    const [cover, ...more] = await pictures(4);
    const pet = await addPetWithPhotos(cover!, more);
    expect(pet.petImage).toBe(cover);
    expect(pet.morePhotos).toEqual(more);
    expect((await getPet(pet._id)).morePhotos).toEqual(more);

    const list = await ctx.request('/api/pets?search=Rex');
    const listed = petSchema
      .array()
      .parse(list.body)
      .find((p) => p._id === pet._id);
    expect(listed?.petImage).toBe(cover);
    expect(listed?.morePhotos).toBeUndefined();
  });

  it('a pet listed the spec way (one picture) answers no other photos', async () => {
    const res = await ctx.request('/api/add-pet', {
      token: owner.token,
      json: petBody(await picture()),
    });
    expect(res.status).toBe(201);
    expect((await getPet(res.body._id)).morePhotos).toEqual([]);
  });

  it(`takes ${PET_PHOTOS_MAX} photos in all and answers 400 on morePhotos for more`, async () => {
    const [cover, ...more] = await pictures(PET_PHOTOS_MAX + 1);
    const tooMany = await ctx.request('/api/add-pet', {
      token: owner.token,
      json: petBody(cover!, { morePhotos: more }),
    });
    expect(expectInvalid(tooMany)).toEqual(['json.morePhotos']);
    expect(tooMany.body.issues[0].message).toBe(`A pet can have at most ${PET_PHOTOS_MAX} photos`);

    const pet = await addPetWithPhotos(cover!, more.slice(0, PET_PHOTOS_MAX - 1));
    expect(pet.morePhotos).toHaveLength(PET_PHOTOS_MAX - 1);
    expect(expectInvalid(await patch(pet._id, { morePhotos: more }))).toEqual(['json.morePhotos']);
    expect((await getPet(pet._id)).morePhotos).toEqual(more.slice(0, PET_PHOTOS_MAX - 1));
  });

  it('answers 400 naming the photo for a picture not hosted here, and for the same photo twice', async () => {
    const [cover, a] = await pictures(2);
    const foreign = await ctx.request('/api/add-pet', {
      token: owner.token,
      json: petBody(cover!, { morePhotos: [a, 'https://evil.example/cat.jpg'] }),
    });
    expect(expectInvalid(foreign)).toEqual(['json.morePhotos.1']);

    const twice = await ctx.request('/api/add-pet', {
      token: owner.token,
      json: petBody(cover!, { morePhotos: [a, a] }),
    });
    expect(expectInvalid(twice)).toEqual(['json.morePhotos']);

    const coverAgain = await ctx.request('/api/add-pet', {
      token: owner.token,
      json: petBody(cover!, { morePhotos: [a, cover] }),
    });
    expect(expectInvalid(coverAgain)).toEqual(['json.morePhotos']);
    expect(coverAgain.body.issues[0].message).toBe('The same photo is there twice');
  });

  it('reorders, swaps the cover and removes a photo; a removed photo is released', async () => {
    const [cover, a, b, c] = await pictures(4);
    const pet = await addPetWithPhotos(cover!, [a!, b!, c!]);

    const reordered = await patch(pet._id, { morePhotos: [c, a, b] });
    expect(reordered.status).toBe(200);
    expect(reordered.body.morePhotos).toEqual([c, a, b]);

    // make b the cover: the old cover takes b's place
    const swapped = await patch(pet._id, { petImage: b, morePhotos: [c, a, cover] });
    expect(swapped.status).toBe(200);
    expect(swapped.body).toMatchObject({ petImage: b, morePhotos: [c, a, cover] });
    for (const url of [cover!, a!, b!, c!]) expect(await served(url)).toBe(200);

    // remove a
    const removed = await patch(pet._id, { morePhotos: [c, cover] });
    expect(removed.body.morePhotos).toEqual([c, cover]);
    expect(await served(a!)).toBe(404);

    // a new cover that was among the photos, sent alone, leaves their list; the old cover goes
    const alone = await patch(pet._id, { petImage: c });
    expect(alone.body).toMatchObject({ petImage: c, morePhotos: [cover] });
    expect(await served(b!)).toBe(404);
    expect(await served(cover!)).toBe(200);

    // other fields leave the photos as they are
    const renamed = await patch(pet._id, { petName: 'Renamed' });
    expect(renamed.body).toMatchObject({ petName: 'Renamed', petImage: c, morePhotos: [cover] });
  });

  it('deleting the pet releases every photo', async () => {
    const [cover, a, b] = await pictures(3);
    const pet = await addPetWithPhotos(cover!, [a!, b!]);
    const res = await ctx.request(`/api/pet/${pet._id}`, { method: 'DELETE', token: owner.token });
    expect(res.status).toBe(200);
    for (const url of [cover!, a!, b!]) expect(await served(url)).toBe(404);
  });

  it('the image sweep keeps photos that a pet uses', async () => {
    const [cover, a] = await pictures(2);
    const pet = await addPetWithPhotos(cover!, [a!]);
    const unused = await picture();
    await sweepUnusedImages(ctx.deps);
    expect(await served(a!)).toBe(200);
    expect(await served(unused)).toBe(404);
    expect((await getPet(pet._id)).morePhotos).toEqual([a]);
    expect(parseHostedImageUrl(a!)).not.toBeNull();
  });

  it('only the owner or an admin changes the photos; an admin change is audited', async () => {
    const [cover, a, b] = await pictures(3);
    const pet = await addPetWithPhotos(cover!, [a!, b!]);
    expect((await patch(pet._id, { morePhotos: [b] }, other.token)).status).toBe(403);
    const anonymous = await ctx.request(`/api/update-pet/${pet._id}`, {
      method: 'PATCH',
      json: { morePhotos: [b] },
    });
    expect(anonymous.status).toBe(401);
    expect((await getPet(pet._id)).morePhotos).toEqual([a, b]);

    const byAdmin = await patch(pet._id, { morePhotos: [b, a] }, admin.token);
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.morePhotos).toEqual([b, a]);
    const log = await ctx.request('/api/admin/audit-log?limit=1', { token: admin.token });
    expect(log.body[0]).toMatchObject({
      action: 'pet.update',
      before: { morePhotos: [a, b] },
      after: { morePhotos: [b, a] },
    });
  });
});
