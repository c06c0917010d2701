import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, apiError, lastBodySent } from '@/testing/api-handlers';
import { renderRoute } from '@/testing/render-route';
import { signedIn } from '@/testing/session';

const allOn = { 'adoption-requests': true, 'adoption-decisions': true, 'campaign-updates': true };

describe('/dashboard/profile: e-mail notifications', () => {
  it('shows each kind with its setting and saves them together', async () => {
    const r = renderRoute('/dashboard/profile', {
      handlers: [
        ...signedIn(),
        answer('GET /api/user/notifications', () => ({ ...allOn, 'campaign-updates': false })),
        answer('PUT /api/user/notifications', ({ body }) => body),
      ],
    });
    const decisions = await screen.findByRole('checkbox', {
      name: 'The owner accepts or rejects my adoption request',
    });
    expect(decisions).toBeChecked();
    expect(
      screen.getByRole('checkbox', {
        name: 'My donation campaign reaches its maximum or its last date',
      }),
    ).not.toBeChecked();
    await r.user.click(decisions);
    await r.user.click(screen.getByRole('button', { name: 'Save notification settings' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Saved.');
    expect(lastBodySent(r.requests, 'PUT')).toEqual({
      ...allOn,
      'adoption-decisions': false,
      'campaign-updates': false,
    });
    expect(screen.getByRole('link', { name: 'Profile' })).toHaveAttribute('aria-current', 'page');
  });

  it('says so when saving fails', async () => {
    const r = renderRoute('/dashboard/profile', {
      handlers: [
        ...signedIn(),
        answer('GET /api/user/notifications', () => allOn),
        answer('PUT /api/user/notifications', () => apiError(500, 'INTERNAL_ERROR')),
      ],
    });
    await r.user.click(await screen.findByRole('button', { name: 'Save notification settings' }));
    expect(
      await screen.findByText('Failed to save your notification settings.'),
    ).toBeInTheDocument();
  });
});

describe('/unsubscribe', () => {
  const token = 'user-1.adoption-requests.c2lnbmF0dXJl';

  it('asks first, then stops that kind of mail without signing in', async () => {
    const r = renderRoute(`/unsubscribe?token=${token}`, {
      handlers: [
        answer('POST /api/notifications/unsubscribe', ({ query }) => {
          expect(query.get('token')).toBe(token);
          return {
            topic: 'adoption-requests',
            label: 'Someone asks to adopt one of my pets, or withdraws their request',
          };
        }),
      ],
    });
    expect(
      await screen.findByText(
        'Stop the e-mails you get when: someone asks to adopt one of my pets, or withdraws their request?',
      ),
    ).toBeInTheDocument();
    expect(r.requests.filter((q) => q.key.includes('unsubscribe'))).toHaveLength(0);
    await r.user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Done: you will no longer get e-mails when: someone asks to adopt one of my pets, or withdraws their request.',
    );
    expect(r.requests[0]?.headers.get('authorization')).toBeNull();
  });

  it('says a broken link is not valid', async () => {
    renderRoute('/unsubscribe?token=garbage');
    expect(await screen.findByText('This unsubscribe link is not valid.')).toBeInTheDocument();
  });
});
