import { messages } from '@pet-haven/shared/messages';
import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_KEY } from '@/lib/storage';
import type { HttpHandler } from 'msw';
import { answer, apiError, authError, type Answer } from '@/testing/api-handlers';
import { renderRoute } from '@/testing/render-route';
import { sessionAnswer, tokenAnswer, type FakeUser } from '@/testing/session';

const ann: FakeUser = {
  id: 'u-ann',
  name: 'Ann Lee',
  email: 'ann@example.com',
  photoURL: 'https://example.com/ann.png',
  admin: false,
  // a new account: its address is not verified yet
  emailVerified: false,
};

async function openRegister(handlers: HttpHandler[] = []) {
  const r = renderRoute('/register', { handlers });
  await r.findByRole('button', { name: 'Sign Up' });
  return r;
}

async function fill(
  r: Awaited<ReturnType<typeof openRegister>>,
  values: Partial<Record<'Name' | 'Email' | 'Photo URL' | 'Password' | 'Confirm Password', string>>,
) {
  for (const [label, value] of Object.entries(values)) {
    await r.user.type(r.getByLabelText(label), value);
  }
}

const valid = {
  Name: ann.name,
  Email: ann.email,
  'Photo URL': ann.photoURL ?? '',
  Password: 'Secret1',
  'Confirm Password': 'Secret1',
};

/** Ann's token, issued once so the tests compare with exactly what the server answered. */
const annToken = tokenAnswer(ann.email);

/** A server that lets Ann sign up, then answers the token and the profile save. */
function signUpServer(saveAnswer: () => Answer<'POST /api/users'>): HttpHandler[] {
  let signedUp = false;
  return [
    answer('GET /api/auth/get-session', () => (signedUp ? sessionAnswer(ann) : null)),
    answer('POST /api/auth/sign-up/email', () => {
      signedUp = true;
      return { token: 'session-token', user: sessionAnswer(ann).user };
    }),
    answer('POST /api/jwt', () => annToken),
    answer('POST /api/users', saveAnswer),
  ];
}

describe('registration screen', () => {
  it('has every field of the spec', async () => {
    const r = await openRegister();
    for (const label of ['Name', 'Email', 'Photo URL', 'Password', 'Confirm Password']) {
      expect(r.getByLabelText(label)).toBeInTheDocument();
    }
    expect(r.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(r.getByRole('button', { name: 'Sign in with Google' })).toBeInTheDocument();
    expect(r.getByRole('button', { name: 'Sign in with GitHub' })).toBeInTheDocument();
  });

  it('shows the password rule word for word', async () => {
    const r = await openRegister();
    await fill(r, { ...valid, Password: 'secret1', 'Confirm Password': 'secret1' });
    await r.user.click(r.getByRole('button', { name: 'Sign Up' }));
    expect(await r.findByText(messages.registration.passwordRule)).toBeInTheDocument();
    expect(r.requests.some((q) => q.path === '/api/auth/sign-up/email')).toBe(false);
  });

  it('shows "Passwords do not match!"', async () => {
    const r = await openRegister();
    await fill(r, { ...valid, 'Confirm Password': 'Secret2' });
    await r.user.click(r.getByRole('button', { name: 'Sign Up' }));
    expect(await r.findByText(messages.registration.passwordsMismatch)).toBeInTheDocument();
  });

  it('requires every field', async () => {
    const r = await openRegister();
    await r.user.click(r.getByRole('button', { name: 'Sign Up' }));
    expect(await r.findByText('Name is required')).toBeInTheDocument();
    expect(r.getByText('Photo URL is required')).toBeInTheDocument();
    expect(r.getByText('Confirm Password is required')).toBeInTheDocument();
    expect(r.getByText(messages.registration.passwordRule)).toBeInTheDocument();
  });

  it('creates the account, saves the profile, says so and goes home', async () => {
    const r = await openRegister(
      signUpServer(() => ({ insertedId: ann.id, message: 'User saved' })),
    );
    const server = r.requests;
    await fill(r, valid);
    await r.user.click(r.getByRole('button', { name: 'Sign Up' }));
    expect(await r.findByText(messages.registration.success)).toBeInTheDocument();
    await waitFor(() => expect(r.path()).toBe('/'));
    const signUp = server.find((q) => q.key === 'POST /api/auth/sign-up/email');
    expect(signUp?.json()).toEqual({
      name: ann.name,
      email: ann.email,
      password: 'Secret1',
      image: ann.photoURL,
    });
    const save = server.find((q) => q.key === 'POST /api/users');
    expect(save?.json()).toEqual({
      displayName: ann.name,
      email: ann.email,
      photoURL: ann.photoURL,
    });
    // the profile call carried the new bearer token
    expect(save?.headers.get('authorization')).toBe(`Bearer ${annToken.token}`);
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBe(annToken.token);
  });

  it('says when the user already exists', async () => {
    const r = await openRegister([
      answer('POST /api/auth/sign-up/email', () =>
        authError(422, 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL', 'User already exists'),
      ),
    ]);
    await fill(r, valid);
    await r.user.click(r.getByRole('button', { name: 'Sign Up' }));
    expect(await r.findByText(messages.registration.alreadyExists)).toBeInTheDocument();
    expect(r.path()).toBe('/register');
  });

  it('says "Error creating account" when sign-up fails', async () => {
    const r = await openRegister([
      answer('POST /api/auth/sign-up/email', () => authError(500, 'INTERNAL_ERROR')),
    ]);
    await fill(r, valid);
    await r.user.click(r.getByRole('button', { name: 'Sign Up' }));
    expect(await r.findByText(messages.registration.createFailed)).toBeInTheDocument();
  });

  it('says "Failed to save user information" when the profile cannot be saved', async () => {
    const r = await openRegister(signUpServer(() => apiError(500, 'INTERNAL_ERROR')));
    await fill(r, valid);
    await r.user.click(r.getByRole('button', { name: 'Sign Up' }));
    expect(await r.findByText(messages.registration.saveUserFailed)).toBeInTheDocument();
    expect(r.path()).toBe('/register');
  });
});
