import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Receipt } from '@pet-haven/shared/receipts';
import { answer, apiError } from '@/testing/api-handlers';
import { renderRoute } from '@/testing/render-route';
import { signedIn } from '@/testing/session';

const receipt: Receipt = {
  _id: '7b0c1f3e-0000-4000-8000-000000000001',
  number: 'PH-000042',
  date: '2026-11-20T10:30:00.000Z',
  amount: 12.5,
  currency: 'USD',
  campaignId: '7b0c1f3e-0000-4000-8000-0000000000c1',
  petName: 'Biscuit',
  organiser: 'Olga Organiser',
  donorName: 'Test User',
  donorEmail: 'test.user@example.com',
  paymentReference: 'pi_test_123',
  provider: 'test',
  testMode: true,
  refunded: false,
};

describe('/dashboard/receipts/:id', () => {
  it('shows the receipt with its number, amount, campaign, organiser and reference, and prints', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    const r = renderRoute(`/dashboard/receipts/${receipt._id}`, {
      handlers: [...signedIn(), answer('GET /api/user/donations/:id/receipt', () => receipt)],
    });
    const article = await screen.findByRole('article', { name: 'Donation receipt PH-000042' });
    for (const text of ['$12.50 USD', 'Biscuit', 'Olga Organiser', 'pi_test_123']) {
      expect(within(article).getByText(text, { exact: false })).toBeInTheDocument();
    }
    expect(within(article).getByText(/Test mode: this payment was taken/)).toBeInTheDocument();
    await r.user.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();
  });

  it('says when the receipt is not there (or not the user’s)', async () => {
    renderRoute(`/dashboard/receipts/${receipt._id}`, {
      handlers: [
        ...signedIn(),
        answer('GET /api/user/donations/:id/receipt', () => apiError(404, 'NOT_FOUND')),
      ],
    });
    expect(await screen.findByText('Receipt not found.')).toBeInTheDocument();
  });
});
