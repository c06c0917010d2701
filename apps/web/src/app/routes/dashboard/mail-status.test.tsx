import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer } from '@/testing/api-handlers';
import { renderRoute } from '@/testing/render-route';
import { fakeAdmin, signedIn } from '@/testing/session';

describe('the admin dashboard’s mail notice', () => {
  it('says mail is off when the server only writes it to files, and what failed', async () => {
    renderRoute('/dashboard', {
      handlers: [
        ...signedIn(fakeAdmin),
        answer('GET /api/admin/mail-status', () => ({ delivery: 'files', pending: 3, failed: 1 })),
      ],
    });
    const notice = await screen.findByText(/Mail is off\./);
    expect(notice.closest('[role="status"]')).toHaveTextContent(
      'Mail is off. SMTP_URL is not set, so e-mails (password resets, verification links, notifications, receipts) are written to files under DATA_DIR/mail and not sent. 3 waiting.1 message could not be delivered after every attempt; the server log says why.',
    );
  });

  it('says nothing when mail is delivered, and never asks for a user who is not an admin', async () => {
    const r = renderRoute('/dashboard', { handlers: [...signedIn()] });
    expect(await screen.findByRole('heading', { name: 'User Dashboard' })).toBeInTheDocument();
    expect(screen.queryByText(/Mail is off/)).not.toBeInTheDocument();
    expect(r.requests.some((q) => q.key === 'GET /api/admin/mail-status')).toBe(false);
  });
});
