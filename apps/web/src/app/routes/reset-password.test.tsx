import { messages } from '@pet-haven/shared/messages';
import { accountMessages } from '@/features/auth/lib/account-messages';
import { describe, expect, it } from 'vitest';
import { authMessages } from '@/features/auth/lib/auth-errors';
import { answer, authError, lastBodySent } from '@/testing/api-handlers';
import { renderRoute } from '@/testing/render-route';

const sameAnswer = {
  status: true,
  message: 'If this email exists in our system, check your email for the reset link',
};

describe('forgot password', () => {
  it('is reached from /login with the e-mail typed so far, and always gives the same answer', async () => {
    const r = renderRoute('/login', {
      handlers: [answer('POST /api/auth/request-password-reset', () => sameAnswer)],
    });
    await r.user.type(await r.findByLabelText('Email'), 'ann@example.com');
    await r.user.click(r.getByRole('link', { name: 'Forgot password?' }));
    expect(await r.findByRole('heading', { name: 'Forgot password' })).toBeInTheDocument();
    expect(r.path()).toBe('/forgot-password');
    expect(r.getByLabelText('Email')).toHaveValue('ann@example.com');

    await r.user.click(r.getByRole('button', { name: 'Send reset link' }));
    expect(await r.findByRole('status')).toHaveTextContent(
      'If an account uses ann@example.com, an e-mail with a link to choose a new password is on its way.',
    );
    expect(lastBodySent(r.requests, 'POST')).toEqual({
      email: 'ann@example.com',
      redirectTo: '/reset-password',
    });
    expect(r.getByRole('link', { name: 'Back to Log in' })).toHaveAttribute('href', '/login');
  });

  it('checks the e-mail like the login form before sending anything', async () => {
    const r = renderRoute('/forgot-password');
    await r.user.click(await r.findByRole('button', { name: 'Send reset link' }));
    expect(await r.findByText(messages.login.emailRequired)).toBeInTheDocument();
    await r.user.type(r.getByLabelText('Email'), 'not-an-email');
    await r.user.click(r.getByRole('button', { name: 'Send reset link' }));
    expect(await r.findByText(messages.login.emailInvalid)).toBeInTheDocument();
    expect(r.requests.filter((q) => q.key.includes('password'))).toHaveLength(0);
  });

  it('says so when too many links were asked for', async () => {
    const r = renderRoute('/forgot-password', {
      handlers: [
        answer('POST /api/auth/request-password-reset', () =>
          authError(429, 'RATE_LIMITED', 'Slow down'),
        ),
      ],
    });
    await r.user.type(await r.findByLabelText('Email'), 'ann@example.com');
    await r.user.click(r.getByRole('button', { name: 'Send reset link' }));
    expect(await r.findByText(authMessages.rateLimited)).toHaveAttribute('role', 'alert');
  });
});

describe('choosing a new password from the link', () => {
  it('checks the sign-up rules and the repeat, sets it with the token, then asks to log in', async () => {
    const r = renderRoute('/reset-password?token=tok-123', {
      handlers: [answer('POST /api/auth/reset-password', () => ({ status: true }))],
    });
    const password = await r.findByLabelText('New password');
    await r.user.type(password, 'abcdef');
    await r.user.type(r.getByLabelText('Confirm Password'), 'abcdeg');
    await r.user.click(r.getByRole('button', { name: 'Save new password' }));
    expect(await r.findByText(messages.registration.passwordRule)).toBeInTheDocument();
    expect(r.requests.filter((q) => q.key === 'POST /api/auth/reset-password')).toHaveLength(0);

    await r.user.clear(password);
    await r.user.type(password, 'Brand-new1');
    await r.user.click(r.getByRole('button', { name: 'Save new password' }));
    expect(await r.findByText(messages.registration.passwordsMismatch)).toBeInTheDocument();

    await r.user.clear(r.getByLabelText('Confirm Password'));
    await r.user.type(r.getByLabelText('Confirm Password'), 'Brand-new1');
    await r.user.click(r.getByRole('button', { name: 'Save new password' }));
    expect(await r.findByText(accountMessages.passwordChanged)).toHaveAttribute('role', 'status');
    expect(r.path()).toBe('/login');
    expect(lastBodySent(r.requests, 'POST')).toEqual({
      token: 'tok-123',
      newPassword: 'Brand-new1',
    });
  });

  it('offers a new link when the server refuses the token (used or expired)', async () => {
    const r = renderRoute('/reset-password?token=used', {
      handlers: [
        answer('POST /api/auth/reset-password', () =>
          authError(400, 'INVALID_TOKEN', 'Invalid token'),
        ),
      ],
    });
    await r.user.type(await r.findByLabelText('New password'), 'Brand-new1');
    await r.user.type(r.getByLabelText('Confirm Password'), 'Brand-new1');
    await r.user.click(r.getByRole('button', { name: 'Save new password' }));
    expect(await r.findByText(accountMessages.invalidResetLink)).toHaveAttribute('role', 'alert');
    expect(r.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(r.queryByLabelText('New password')).not.toBeInTheDocument();
  });

  it('offers a new link at once when the link came back refused', async () => {
    const r = renderRoute('/reset-password?error=INVALID_TOKEN');
    expect(await r.findByText(accountMessages.invalidResetLink)).toBeInTheDocument();
    expect(r.getByRole('link', { name: 'Ask for a new link' })).toBeInTheDocument();
    expect(r.queryByLabelText('New password')).not.toBeInTheDocument();
  });
});
