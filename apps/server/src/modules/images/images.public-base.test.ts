import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCampaignVia } from '../../../test/helpers/campaigns';
import { addPetVia } from '../../../test/helpers/pets';
import { expectError } from '../../../test/helpers/expect';
import { uploadPicture } from '../../../test/helpers/pictures';
import { startS3Peer, type S3Peer } from '../../../test/helpers/s3-peer';
import { signUp } from '../../../test/helpers/sessions';
import { useTestContext, useUsers } from '../../../test/helpers/test-app';
import { sweepUnusedImages } from './images.service';

// IMAGE_PUBLIC_BASE_URL: the bucket itself serves the pictures (a real S3 server, s3rver, in this
// process), its keys under S3_KEY_PREFIX=api/images/ so it answers the site's own picture paths.
let s3: S3Peer;
beforeAll(async () => {
  s3 = await startS3Peer();
});
afterAll(() => s3.close());

/** Where the bucket answers, path-style: what IMAGE_PUBLIC_BASE_URL names. */
const bucketUrl = () => `${s3.endpoint}/${s3.bucket}`;

const ctx = useTestContext(() => ({
  ...s3.env,
  S3_KEY_PREFIX: 'api/images/',
  IMAGE_PUBLIC_BASE_URL: `${bucketUrl()}/`,
  IMAGE_GRACE_MINUTES: '0',
}));
const { owner } = useUsers(ctx, { owner: { name: 'Olive Owner' } });

/** The part of a picture URL after the base: `/api/images/<name>`. */
const sitePathOf = (url: string) => url.slice(url.lastIndexOf('/api/images/'));

describe('pictures served from IMAGE_PUBLIC_BASE_URL', () => {
  it('an upload answers a URL on the base, and the bucket serves it there, cacheable for a year', async () => {
    const url = await uploadPicture(ctx, owner.token, { width: 500, height: 300 });
    expect(url).toMatch(
      new RegExp(`^${bucketUrl().replace(/[.]/g, '\\.')}/api/images/[0-9a-f]{64}-500w\\.webp$`),
    );
    // straight from the bucket, not through the app
    const direct = await fetch(url);
    expect(direct.status).toBe(200);
    expect(direct.headers.get('content-type')).toBe('image/webp');
    expect(direct.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(
      Buffer.from(await direct.arrayBuffer())
        .subarray(0, 4)
        .toString(),
    ).toBe('RIFF');
    // the site still serves the same file at its own path (AVIF for browsers that ask for it)
    const viaSite = await ctx.request(sitePathOf(url));
    expect(viaSite.status).toBe(200);
    expect(viaSite.headers.get('content-type')).toBe('image/webp');
    const avif = await ctx.request(sitePathOf(url), { headers: { accept: 'image/avif,*/*' } });
    expect(avif.headers.get('content-type')).toBe('image/avif');
    // a CDN in front of the site passes the site's headers on: other origins may show the picture
    for (const answer of [viaSite, avif]) {
      expect(answer.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    }
  });

  it('pets take pictures by their base URL or their site path, and show them on the base', async () => {
    const cover = await uploadPicture(ctx, owner.token, { width: 500, height: 300 });
    const more = await uploadPicture(ctx, owner.token, { width: 500, height: 300 });
    const pet = await addPetVia(ctx, owner.token, {
      petImage: cover,
      morePhotos: [sitePathOf(more)],
    });
    expect(pet.petImage).toBe(cover);
    const details = await ctx.request(`/api/pets/${pet._id}`);
    expect(details.body.petImage).toBe(cover);
    expect(details.body.morePhotos).toEqual([more]);
    const list = await ctx.request('/api/pets?adopted=false');
    expect(list.body.find((p: { _id: string }) => p._id === pet._id).petImage).toBe(cover);
    const mine = await ctx.request('/api/user/pets', { token: owner.token });
    expect(mine.body[0].petImage.startsWith(`${bucketUrl()}/api/images/`)).toBe(true);
  });

  it('campaigns, favourites and my pets show their pictures on the base too', async () => {
    const picture = await uploadPicture(ctx, owner.token, { width: 500, height: 300 });
    const campaign = await createCampaignVia(ctx, owner.token, { petPicture: picture });
    expect(campaign.petPicture).toBe(picture);
    expect((await ctx.request(`/api/donations/${campaign._id}`)).body.petPicture).toBe(picture);
    const pet = await addPetVia(ctx, owner.token, { petImage: sitePathOf(picture) });
    expect(
      (await ctx.request(`/api/user/favourites/${pet._id}`, { method: 'PUT', token: owner.token }))
        .status,
    ).toBeLessThan(300);
    const favourites = await ctx.request('/api/user/favourites', { token: owner.token });
    expect(favourites.body.map((f: { petImage: string }) => f.petImage)).toContain(picture);
  });

  it('a picture URL on another host is refused, naming the field', async () => {
    const url = await uploadPicture(ctx, owner.token, { width: 500, height: 300 });
    for (const foreign of [
      `https://pictures.example.net${sitePathOf(url)}`,
      `${s3.endpoint}/another-bucket${sitePathOf(url)}`,
    ]) {
      const res = await ctx.request('/api/add-pet', {
        token: owner.token,
        json: {
          petImage: foreign,
          petName: 'Rex',
          petAge: '2 years',
          petLocation: 'Leeds',
          petCategory: 'dog',
          shortDescription: 'A good dog.',
          longDescription: 'A good dog looking for a home.',
        },
      });
      const body = expectError(res, 400, 'VALIDATION_FAILED');
      expect(body.issues?.map((i) => i.path)).toEqual(['json.petImage']);
    }
  });

  it('the sweep keeps a profile photo on the base and deletes an unused upload from the bucket', async () => {
    const photo = await uploadPicture(ctx, owner.token, { width: 500, height: 300 });
    const unused = await uploadPicture(ctx, owner.token, { width: 500, height: 300 });
    await signUp(ctx, { image: photo });
    expect(await sweepUnusedImages(ctx.deps)).toBeGreaterThanOrEqual(1);
    expect((await fetch(photo)).status).toBe(200);
    expect((await fetch(unused)).status).toBe(404);
  });

  it("the pages' Content-Security-Policy lets the browser load pictures from the base", async () => {
    const res = await ctx.request('/robots.txt');
    const imgSrc = /img-src ([^;]+)/.exec(res.headers.get('content-security-policy') ?? '')?.[1];
    expect(imgSrc?.split(' ')).toContain(s3.endpoint);
  });
});
