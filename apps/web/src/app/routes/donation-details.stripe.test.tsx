import { screen, waitFor, within } from '@testing-library/react';
import type { ChangeEvent } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@pet-haven/shared/messages';
import { makeCampaign } from '@/features/campaigns/test-data';
import { answer } from '@/testing/api-handlers';
import { findEnabledButton } from '@/testing/queries';
import { renderRoute } from '@/testing/render-route';
import { signedIn } from '@/testing/session';

/**
 * The donate modal when the server uses Stripe. Stripe.js cannot load here (no network), so
 * Stripe's browser SDK is faked: Elements renders its children, the card field is a plain input
 * reporting completeness like Stripe's, and confirmCardPayment answers what each test says.
 */
const stripe = vi.hoisted(() => ({
  confirmCardPayment: vi.fn(),
  loadStripe: vi.fn(),
  cardElement: { id: 'fake-card-element' },
}));

vi.mock('@stripe/stripe-js/pure', () => ({
  loadStripe: (key: string) => {
    stripe.loadStripe(key);
    return Promise.resolve({ confirmCardPayment: stripe.confirmCardPayment });
  },
}));

vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children }: { children: React.ReactNode }) => children,
  CardElement: ({
    onChange,
  }: {
    onChange?: (e: { complete: boolean; error?: { message: string } }) => void;
  }) => (
    <input
      aria-label="Card details (Stripe)"
      onChange={(e: ChangeEvent<HTMLInputElement>) =>
        onChange?.({ complete: e.target.value.replace(/\D/g, '').length >= 16 })
      }
    />
  ),
  useStripe: () => ({ confirmCardPayment: stripe.confirmCardPayment }),
  useElements: () => ({ getElement: () => stripe.cardElement }),
}));

const campaign = makeCampaign({ petName: 'Luna', maxDonationAmount: 500, donatedAmount: 100 });
const intent = { paymentIntentId: 'pi_3Abc', clientSecret: 'pi_3Abc_secret_xyz' };

afterEach(() => {
  stripe.confirmCardPayment.mockReset();
});

function renderWithStripe() {
  let raised = campaign.donatedAmount;
  return renderRoute(`/donation-details/${campaign._id}`, {
    handlers: [
      ...signedIn(),
      answer('GET /api/config', () => ({
        providers: { google: false, github: false },
        payments: { provider: 'stripe', publishableKey: 'pk_test_123' },
      })),
      answer('GET /api/donations/:id', () => ({ ...campaign, donatedAmount: raised })),
      answer('POST /api/create-payment', () => intent),
      answer('POST /api/donations/record', () => {
        raised = 125;
        return { created: true, donatedAmount: raised };
      }),
    ],
  });
}

async function openAndFill(r: ReturnType<typeof renderRoute>, card: string) {
  await r.user.click(await findEnabledButton('Donate Now'));
  const dialog = await screen.findByRole('dialog', { name: 'Donate to Luna' });
  await r.user.type(within(dialog).getByLabelText(/Donation amount/), '25');
  const field = await within(dialog).findByLabelText('Card details (Stripe)');
  if (card) await r.user.type(field, card);
  return dialog;
}

describe('donating with Stripe', () => {
  it('loads Stripe with the publishable key and asks for complete card details first', async () => {
    const r = renderWithStripe();
    const dialog = await openAndFill(r, '4242');
    expect(stripe.loadStripe).toHaveBeenCalledWith('pk_test_123');
    expect(within(dialog).queryByText(messages.payment.testMode)).not.toBeInTheDocument();
    await r.user.click(within(dialog).getByRole('button', { name: 'Pay' }));
    expect(await within(dialog).findByText('Please enter your card details.')).toBeInTheDocument();
    expect(r.requests.map((q) => q.key)).not.toContain('POST /api/create-payment');
  });

  it('confirms the card with the client secret, records the payment and thanks', async () => {
    stripe.confirmCardPayment.mockResolvedValue({
      paymentIntent: { id: intent.paymentIntentId, status: 'succeeded' },
    });
    const r = renderWithStripe();
    const dialog = await openAndFill(r, '4242424242424242');
    await r.user.click(within(dialog).getByRole('button', { name: 'Pay' }));

    expect(await screen.findByText(messages.payment.thanks)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(stripe.confirmCardPayment).toHaveBeenCalledWith(intent.clientSecret, {
      payment_method: { card: stripe.cardElement },
    });
    const record = r.requests.find((q) => q.key === 'POST /api/donations/record')!;
    expect(record.json()).toEqual({
      donationId: campaign._id,
      amount: 25,
      paymentIntentId: intent.paymentIntentId,
    });
    expect(screen.getByText('$125.00')).toBeInTheDocument();
    // the test provider's route is never used with Stripe
    expect(r.requests.some((q) => q.path.startsWith('/api/test-payments/'))).toBe(false);
  });

  it("shows Stripe's decline reason and records nothing; other errors are 'Payment processing failed.'", async () => {
    stripe.confirmCardPayment.mockResolvedValueOnce({
      error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
    });
    stripe.confirmCardPayment.mockResolvedValueOnce({
      error: { type: 'api_connection_error', message: 'Network problem.' },
    });
    const r = renderWithStripe();
    const dialog = await openAndFill(r, '4000000000000002');
    await r.user.click(within(dialog).getByRole('button', { name: 'Pay' }));
    const declined = await within(dialog).findByText(messages.payment.failed);
    expect(declined).toHaveTextContent('Your card was declined.');

    await r.user.click(within(dialog).getByRole('button', { name: 'Pay' }));
    expect(await within(dialog).findByText(messages.payment.processingFailed)).toBeInTheDocument();
    expect(r.requests.map((q) => q.key)).not.toContain('POST /api/donations/record');
    // the declined intent was confirmed again, not replaced
    expect(r.requests.filter((q) => q.key === 'POST /api/create-payment')).toHaveLength(1);
  });
});
