import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '@pet-haven/shared/messages';
import { IMAGE_UPLOADED_TEXT } from '@/components/ui/image-upload';
import type { HttpHandler } from 'msw';
import { isoDateFromToday, makeCampaign } from '@/features/campaigns/test-data';
import { answer, apiError, networkError } from '@/testing/api-handlers';
import { renderRoute } from '@/testing/render-route';
import { signedIn } from '@/testing/session';
import { uploadAnswer } from '@/testing/uploads';

const path = '/dashboard/create-donation-campaigns';
const picture = () =>
  new File([new Uint8Array([137, 80, 78, 71])], 'luna.png', { type: 'image/png' });
const lastDate = isoDateFromToday(20);

function renderCreate(handlers: HttpHandler[] = []) {
  return renderRoute(path, {
    handlers: [
      ...signedIn(),
      answer('POST /api/images', () => uploadAnswer()),
      answer('POST /api/create-donation-campaigns', ({ body }) =>
        makeCampaign({ ...body, donatedAmount: 0, paused: false }),
      ),
      ...handlers,
    ],
  });
}

async function fillFields(r: ReturnType<typeof renderCreate>, amount = '1500.5') {
  await r.user.type(await screen.findByLabelText(/Pet Name/), 'Luna');
  await r.user.type(screen.getByLabelText(/Maximum Donation Amount/), amount);
  await r.user.type(screen.getByLabelText(/Last Date/), lastDate);
  await r.user.type(screen.getByLabelText(/Short Description/), 'Hip surgery.');
  await r.user.type(screen.getByLabelText(/Long Description/), 'Luna needs a new hip.');
}

describe('/dashboard/create-donation-campaigns', () => {
  it("asks for a picture first: 'Please upload a pet image!'", async () => {
    const r = renderCreate();
    await fillFields(r);
    await r.user.click(screen.getByRole('button', { name: 'Create Campaign' }));
    expect((await screen.findAllByText(messages.pets.uploadImageFirst)).length).toBeGreaterThan(0);
    expect(r.requests.some((q) => q.key === 'POST /api/create-donation-campaigns')).toBe(false);
  });

  it('validates the amount and the required fields with the shared schema', async () => {
    const r = renderCreate();
    await r.user.type(await screen.findByLabelText(/Maximum Donation Amount/), '10.555');
    await r.user.click(screen.getByRole('button', { name: 'Create Campaign' }));
    expect(
      await screen.findByText('Maximum donation amount can have at most 2 decimals'),
    ).toBeInTheDocument();
    expect(screen.getByText('Pet name is required')).toBeInTheDocument();
    expect(screen.getByText('Long description is required')).toBeInTheDocument();
    expect(r.requests.some((q) => q.key === 'POST /api/create-donation-campaigns')).toBe(false);
  });

  it('uploads the picture, creates the campaign, thanks and empties the form', async () => {
    const r = renderCreate();
    await r.user.upload(await screen.findByLabelText('Pet Picture'), picture());
    expect(await screen.findByText(IMAGE_UPLOADED_TEXT)).toBeInTheDocument();
    const upload = r.requests.findLast((q) => q.key === 'POST /api/images');
    expect(upload?.form?.get('image')).toMatchObject({ type: 'image/png' });
    await fillFields(r);
    await r.user.click(screen.getByRole('button', { name: 'Create Campaign' }));

    expect(await screen.findByText(messages.campaigns.created)).toBeInTheDocument();
    const sent = r.requests.find((q) => q.key === 'POST /api/create-donation-campaigns')!;
    expect(sent.json()).toEqual({
      petPicture: uploadAnswer().data.display_url,
      petName: 'Luna',
      maxDonationAmount: 1500.5,
      lastDate,
      shortDescription: 'Hip surgery.',
      longDescription: 'Luna needs a new hip.',
    });
    await waitFor(() => expect(screen.getByLabelText(/Pet Name/)).toHaveValue(''));
    expect(screen.getByLabelText(/Maximum Donation Amount/)).toHaveValue(null);
    expect(screen.queryByAltText('Preview of the chosen picture')).not.toBeInTheDocument();
  });

  it("shows the server's error, 'Failed to create donation campaign.' on a fault and '... Please try again.' offline", async () => {
    let mode: 'refuse' | 'network' | 'server' = 'refuse';
    const r = renderCreate([
      answer('POST /api/create-donation-campaigns', () => {
        if (mode === 'network') return networkError();
        if (mode === 'server') return apiError(500, 'INTERNAL_ERROR', 'Internal error');
        return apiError(
          400,
          'VALIDATION_FAILED',
          'Invalid json.petPicture: Pictures must be images this server hosts',
          [{ path: 'json.petPicture', message: 'Pictures must be images this server hosts' }],
        );
      }),
    ]);
    await r.user.upload(await screen.findByLabelText('Pet Picture'), picture());
    await screen.findByText(IMAGE_UPLOADED_TEXT);
    await fillFields(r);
    await r.user.click(screen.getByRole('button', { name: 'Create Campaign' }));
    expect(
      (await screen.findAllByText('Pictures must be images this server hosts')).length,
    ).toBeGreaterThan(0);
    expect(screen.getByLabelText(/Pet Name/)).toHaveValue('Luna');

    mode = 'network';
    await r.user.click(screen.getByRole('button', { name: 'Create Campaign' }));
    expect(await screen.findByText(messages.campaigns.createFailedRetry)).toBeInTheDocument();
    mode = 'server';
    await r.user.click(screen.getByRole('button', { name: 'Create Campaign' }));
    expect(await screen.findByText(messages.campaigns.createFailed)).toBeInTheDocument();
  });
});
