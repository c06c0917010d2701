import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '@pet-haven/shared/messages';
import { isoDateFromToday, makeCampaign } from '@/features/campaigns/test-data';
import type { HttpHandler } from 'msw';
import { answer, apiError, declined } from '@/testing/api-handlers';
import { findEnabledButton } from '@/testing/queries';
import { renderRoute } from '@/testing/render-route';
import { signedIn } from '@/testing/session';

// Two shared CPU cores: give the first lazy route and slow renders time before failing.
configure({ asyncUtilTimeout: 5000 });

const campaign = makeCampaign({
  petName: 'Luna',
  longDescription: 'Luna needs a hip operation.',
  maxDonationAmount: 500,
  donatedAmount: 100,
  lastDate: '2999-12-31',
});
const path = `/donation-details/${campaign._id}`;
const intent = { paymentIntentId: 'pi_test_1', clientSecret: 'pi_test_1_secret_x' };

function renderDetails(handlers: HttpHandler[] = [], c = campaign) {
  return renderRoute(path, {
    handlers: [...signedIn(), answer('GET /api/donations/:id', () => c), ...handlers],
  });
}

async function openModal(r: ReturnType<typeof renderRoute>) {
  await r.user.click(await findEnabledButton('Donate Now'));
  return screen.findByRole('dialog', { name: 'Donate to Luna' });
}

async function fillCard(r: ReturnType<typeof renderRoute>, dialog: HTMLElement, card: string) {
  await r.user.type(within(dialog).getByLabelText(/Card number/), card);
  await r.user.type(within(dialog).getByLabelText(/Expiry month/), '12');
  await r.user.type(within(dialog).getByLabelText(/Expiry year/), '2034');
  await r.user.type(within(dialog).getByLabelText(/CVC/), '123');
}

describe('/donation-details/:id', { timeout: 20_000 }, () => {
  it('shows name, picture, long description, target, raised, progress, last date and Donate Now', async () => {
    renderDetails();
    expect(await screen.findByRole('heading', { name: 'Luna', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Luna' })).toHaveAttribute('srcset');
    expect(screen.getByText('Luna needs a hip operation.')).toBeInTheDocument();
    expect(screen.getByText('Target Amount:')).toBeInTheDocument();
    expect(screen.getByText('$500.00')).toBeInTheDocument();
    expect(screen.getByText('Raised Amount:')).toBeInTheDocument();
    expect(screen.getByText('$100.00')).toBeInTheDocument();
    expect(screen.getByText('December 31, 2999')).toBeInTheDocument();
    const bar = screen.getByRole('progressbar', { name: 'Donation progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '100');
    expect(bar).toHaveAttribute('aria-valuemax', '500');
    expect(screen.getByRole('button', { name: 'Donate Now' })).toBeInTheDocument();
  });

  it("says 'Failed to fetch donation details.' when loading fails", async () => {
    renderDetails([answer('GET /api/donations/:id', () => apiError(500, 'INTERNAL_ERROR'))]);
    expect(await screen.findByText(messages.campaigns.detailsFailed)).toBeInTheDocument();
  });

  it.each([
    ['paused', { paused: true }, /paused/],
    ['ended', { lastDate: isoDateFromToday(-3) }, /ended on/],
    ['fully funded', { donatedAmount: 500 }, /fully funded/],
  ])('a %s campaign says so and offers no Donate button', async (_, overrides, text) => {
    renderDetails([], { ...campaign, ...overrides });
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Donate Now' })).not.toBeInTheDocument();
  });

  it('the modal has an amount, the test card form, Pay and Close, and validates the amount', async () => {
    const r = renderDetails();
    const dialog = await openModal(r);
    // the dialog (a chunk of its own) may show before the payment configuration has arrived
    expect(
      await within(dialog).findByRole('group', { name: messages.payment.testMode }),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument();

    await r.user.click(within(dialog).getByRole('button', { name: 'Pay' }));
    expect(await within(dialog).findByText(messages.payment.invalidAmount)).toBeInTheDocument();

    await r.user.type(within(dialog).getByLabelText(/Donation amount/), '0.5');
    await r.user.click(within(dialog).getByRole('button', { name: 'Pay' }));
    expect(await within(dialog).findByText(messages.payment.invalidAmount)).toBeInTheDocument();
    expect(within(dialog).getByText('Donation amount must be at least 1')).toBeInTheDocument();

    await r.user.clear(within(dialog).getByLabelText(/Donation amount/));
    await r.user.type(within(dialog).getByLabelText(/Donation amount/), '10.555');
    await r.user.click(within(dialog).getByRole('button', { name: 'Pay' }));
    expect(await within(dialog).findByText(messages.payment.invalidAmount)).toBeInTheDocument();
    expect(r.requests.map((q) => q.key)).not.toContain('POST /api/create-payment');

    await r.user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // keyboard users land back on the button that opened it
    await waitFor(() => expect(screen.getByRole('button', { name: 'Donate Now' })).toHaveFocus());
  });

  it('a declined card shows the spec message with the reason, records nothing, and a retry reuses the payment', async () => {
    let confirms = 0;
    const r = renderDetails([
      answer('POST /api/create-payment', () => intent),
      answer('POST /api/test-payments/:paymentIntentId/confirm', ({ body }) => {
        confirms += 1;
        return body.cardNumber.startsWith('4000')
          ? declined('card_declined', 'Your card was declined.')
          : { status: 'succeeded', created: true, donatedAmount: 125 };
      }),
    ]);
    const dialog = await openModal(r);
    await r.user.type(within(dialog).getByLabelText(/Donation amount/), '25');
    await fillCard(r, dialog, '4000 0000 0000 0002');
    await r.user.click(within(dialog).getByRole('button', { name: 'Pay' }));

    const alert = await within(dialog).findByText(messages.payment.failed);
    expect(alert).toHaveTextContent('Your card was declined.');
    expect(r.requests.map((q) => q.key)).not.toContain('POST /api/donations/record');
    expect(screen.getByText('$100.00')).toBeInTheDocument();

    // Another card: the same payment intent is confirmed again, not a new one.
    const number = within(dialog).getByLabelText(/Card number/);
    await r.user.clear(number);
    await r.user.type(number, '4242 4242 4242 4242');
    await r.user.click(within(dialog).getByRole('button', { name: 'Pay' }));
    expect(await screen.findByText(messages.payment.thanks)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(confirms).toBe(2);
    expect(r.requests.filter((q) => q.key === 'POST /api/create-payment')).toHaveLength(1);
  });

  it('a successful payment records the donation, thanks, closes the modal and updates the raised amount at once', async () => {
    let raised = 100;
    const r = renderDetails([
      answer('GET /api/donations/:id', () => ({ ...campaign, donatedAmount: raised })),
      answer('POST /api/create-payment', () => intent),
      // the test provider records the donation as it charges the card, and answers the recording
      answer('POST /api/test-payments/:paymentIntentId/confirm', () => {
        raised = 125;
        return { status: 'succeeded', created: true, donatedAmount: 125 };
      }),
    ]);
    const dialog = await openModal(r);
    await r.user.type(within(dialog).getByLabelText(/Donation amount/), '25');
    await fillCard(r, dialog, '4242 4242 4242 4242');
    await r.user.click(within(dialog).getByRole('button', { name: 'Pay' }));

    expect(await screen.findByText(messages.payment.thanks)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('$125.00')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Donation progress' })).toHaveAttribute(
      'aria-valuenow',
      '125',
    );

    const create = r.requests.find((q) => q.key === 'POST /api/create-payment')!;
    expect(create.json()).toEqual({ donationAmount: 25, donationCampaignId: campaign._id });
    const confirm = r.requests.find(
      (q) => q.key === `POST /api/test-payments/${intent.paymentIntentId}/confirm`,
    )!;
    expect(confirm.json()).toEqual({
      clientSecret: intent.clientSecret,
      cardNumber: '4242 4242 4242 4242',
      expMonth: 12,
      expYear: 2034,
      cvc: '123',
    });
    // so there is nothing left to report (with Stripe the browser reports it: the Stripe tests)
    expect(r.requests.map((q) => q.key)).not.toContain('POST /api/donations/record');
  });

  it("shows the server's reason when the payment is refused, and 'Payment processing failed.' otherwise", async () => {
    let refuse = true;
    const r = renderDetails([
      answer('POST /api/create-payment', () =>
        refuse
          ? // as the server refuses a field: its message is the field's issue
            apiError(
              400,
              'VALIDATION_FAILED',
              "Only $50.00 remains to reach this campaign's maximum.",
              [
                {
                  path: 'json.donationAmount',
                  message: "Only $50.00 remains to reach this campaign's maximum.",
                },
              ],
            )
          : intent,
      ),
      answer('POST /api/test-payments/:paymentIntentId/confirm', () =>
        apiError(500, 'INTERNAL_ERROR'),
      ),
    ]);
    const dialog = await openModal(r);
    await r.user.type(within(dialog).getByLabelText(/Donation amount/), '80');
    await fillCard(r, dialog, '4242 4242 4242 4242');
    await r.user.click(within(dialog).getByRole('button', { name: 'Pay' }));
    expect(
      await within(dialog).findByText("Only $50.00 remains to reach this campaign's maximum."),
    ).toBeInTheDocument();

    refuse = false;
    await r.user.click(within(dialog).getByRole('button', { name: 'Pay' }));
    expect(await within(dialog).findByText(messages.payment.processingFailed)).toBeInTheDocument();
    expect(r.requests.map((q) => q.key)).not.toContain('POST /api/donations/record');
  });

  it('shows a visitor the campaign; Donate Now leads to /login, which brings them back', async () => {
    const r = renderRoute(path, { handlers: [answer('GET /api/donations/:id', () => campaign)] });
    expect(await screen.findByRole('heading', { name: 'Luna', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Luna needs a hip operation.')).toBeInTheDocument();
    await r.user.click(await findEnabledButton('Donate Now'));
    await waitFor(() => expect(r.path()).toBe('/login'));
    expect(r.location().state).toMatchObject({ from: { pathname: path } });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
