import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '@pet-haven/shared/messages';
import { NOT_YOUR_CAMPAIGN_TEXT } from '@/features/campaigns/components/edit-campaign';
import { makeCampaign } from '@/features/campaigns/test-data';
import type { HttpHandler } from 'msw';
import { answer, apiError } from '@/testing/api-handlers';
import { renderRoute } from '@/testing/render-route';
import { defaultFakeUser, signedIn } from '@/testing/session';

const mine = makeCampaign({
  petName: 'Luna',
  maxDonationAmount: 500,
  lastDate: '2999-01-31',
  userEmail: defaultFakeUser.email,
});

function renderEdit(handlers: HttpHandler[] = [], admin = false) {
  return renderRoute(`/donation/${mine._id}`, {
    handlers: [
      ...signedIn({ admin }),
      answer('GET /api/donations/:id', () => mine),
      answer('PATCH /api/update-donation/:id', ({ body }) => ({ ...mine, ...body })),
      ...handlers,
    ],
  });
}

describe('/donation/:id (edit campaign)', () => {
  it("fills the form with the campaign and saves the owner's changes", async () => {
    const r = renderEdit();
    const name = await screen.findByLabelText(/Pet Name/);
    expect(name).toHaveValue('Luna');
    expect(screen.getByLabelText(/Maximum Donation Amount/)).toHaveValue(500);
    expect(screen.getByLabelText(/Last Date/)).toHaveValue('2999-01-31');
    expect(screen.getByAltText('Preview of the chosen picture')).toBeInTheDocument();

    await r.user.clear(name);
    await r.user.type(name, 'Luna Belle');
    await r.user.click(screen.getByRole('button', { name: 'Update Campaign' }));
    expect(await screen.findByText(messages.campaigns.updated)).toBeInTheDocument();
    const sent = r.requests.find((q) => q.key === `PATCH /api/update-donation/${mine._id}`)!;
    expect(sent.json()).toMatchObject({ petName: 'Luna Belle', maxDonationAmount: 500 });
  });

  it("says 'Failed to update donation campaign.' when saving fails, and the server's reason for a refusal", async () => {
    let fail: 'server' | 'refuse' = 'server';
    const r = renderEdit([
      answer('PATCH /api/update-donation/:id', () =>
        fail === 'server'
          ? apiError(500, 'INTERNAL_ERROR')
          : apiError(
              400,
              'VALIDATION_FAILED',
              'The maximum cannot be lower than the $120.00 already raised.',
            ),
      ),
    ]);
    await screen.findByLabelText(/Pet Name/);
    await r.user.click(screen.getByRole('button', { name: 'Update Campaign' }));
    expect(await screen.findByText(messages.campaigns.updateFailed)).toBeInTheDocument();
    fail = 'refuse';
    await r.user.click(screen.getByRole('button', { name: 'Update Campaign' }));
    expect(
      await screen.findByText('The maximum cannot be lower than the $120.00 already raised.'),
    ).toBeInTheDocument();
  });

  it('refuses clearly to someone who neither owns the campaign nor is an admin', async () => {
    renderEdit([
      answer('GET /api/donations/:id', () => ({ ...mine, userEmail: 'someone@else.test' })),
    ]);
    expect(await screen.findByText(NOT_YOUR_CAMPAIGN_TEXT)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Update Campaign' })).not.toBeInTheDocument();
  });

  it("lets an admin edit someone else's campaign", async () => {
    renderEdit(
      [answer('GET /api/donations/:id', () => ({ ...mine, userEmail: 'someone@else.test' }))],
      true,
    );
    expect(await screen.findByRole('button', { name: 'Update Campaign' })).toBeInTheDocument();
  });

  it("says 'Failed to fetch donation details.' when the campaign cannot be loaded", async () => {
    renderEdit([
      answer('GET /api/donations/:id', () => apiError(404, 'NOT_FOUND', 'Campaign not found.')),
    ]);
    expect(await screen.findByText(messages.campaigns.detailsFailed)).toBeInTheDocument();
  });
});
