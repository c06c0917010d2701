import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makePet } from '@/features/pets/test-data';
import { authMessages } from '@/features/auth/lib/auth-errors';
import { answer, authError, lastBodySent } from '@/testing/api-handlers';
import { renderRoute } from '@/testing/render-route';
import { signedIn } from '@/testing/session';

const unverified = () => signedIn({ email: 'new@example.com', emailVerified: false });
const resent = answer('POST /api/auth/send-verification-email', () => ({ status: true }));

describe('an account whose e-mail is not confirmed yet', () => {
  it.each([
    ['/dashboard', 'To list a pet'],
    ['/add-pet', 'To list a pet'],
    ['/dashboard/create-donation-campaigns', 'To create a donation campaign'],
  ])('sees why %s has no form, and can have the link sent again', async (path, why) => {
    const r = renderRoute(path, { handlers: [...unverified(), resent] });
    expect(await screen.findByText(/confirm your e-mail address first/)).toHaveTextContent(
      `${why}, confirm your e-mail address first: open the link we sent to new@example.com.`,
    );
    expect(
      screen.queryByRole('button', { name: /submit|add pet|create/i }),
    ).not.toBeInTheDocument();
    await r.user.click(screen.getByRole('button', { name: 'Send the link again' }));
    expect(await screen.findByRole('status')).toHaveTextContent('A new link is on its way.');
    expect(lastBodySent(r.requests, 'POST')).toEqual({
      email: 'new@example.com',
      callbackURL: '/email-verified',
    });
  });

  it('is told when too many links were asked for', async () => {
    const r = renderRoute('/dashboard', {
      handlers: [
        ...unverified(),
        answer('POST /api/auth/send-verification-email', () =>
          authError(429, 'RATE_LIMITED', 'Slow down'),
        ),
      ],
    });
    await r.user.click(await screen.findByRole('button', { name: 'Send the link again' }));
    expect(await screen.findByText(authMessages.rateLimited)).toHaveAttribute('role', 'alert');
  });

  it("sees the notice instead of Adopt on someone else's pet", async () => {
    const pet = makePet({ petName: 'Bella', userEmail: 'owner@example.com' });
    renderRoute(`/pets/${pet._id}`, {
      handlers: [...unverified(), answer('GET /api/pets/:id', () => pet)],
    });
    expect(await screen.findByText(/To ask to adopt a pet, confirm/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Adopt' })).not.toBeInTheDocument();
  });

  it('gets the forms once confirmed', async () => {
    renderRoute('/dashboard', { handlers: [...signedIn()] });
    expect(await screen.findByLabelText(/Pet Name/)).toBeInTheDocument();
    expect(screen.queryByText(/confirm your e-mail address first/)).not.toBeInTheDocument();
  });
});

describe('/email-verified', () => {
  it('says the address is confirmed', async () => {
    renderRoute('/email-verified', { handlers: [...signedIn()] });
    expect(await screen.findByRole('heading', { name: 'E-mail confirmed' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
  });

  it('says an expired link expired, and offers a new one to the signed-in user', async () => {
    renderRoute('/email-verified?error=TOKEN_EXPIRED', { handlers: [...unverified(), resent] });
    expect(await screen.findByText('This confirmation link has expired.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Send the link again' })).toBeInTheDocument();
  });

  it('asks a signed-out visitor with a broken link to log in first', async () => {
    renderRoute('/email-verified?error=INVALID_TOKEN');
    expect(await screen.findByText('This confirmation link is not valid.')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });
});
