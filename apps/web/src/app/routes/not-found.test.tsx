import { messages } from '@pet-haven/shared/messages';
import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '@/testing/render-route';

describe('unknown paths', () => {
  it('shows the 404 screen and leads back home', async () => {
    const r = renderRoute('/no/such/page');
    expect(
      await r.findByRole('heading', { name: messages.notFound.title }, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(r.getByText(messages.notFound.text)).toBeInTheDocument();

    await r.user.click(r.getByRole('link', { name: 'Go back home' }));
    await waitFor(() => expect(r.path()).toBe('/'));
  });
});
