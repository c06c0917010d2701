import { randomBytes } from 'node:crypto';
import type { BrowserContext, Page } from '@playwright/test';
import { GOOGLE_IDENTITY_PATH, type GoogleIdentity } from './google-mock';
import { linkIn, mailTo } from './mail';
import { ADMIN_EMAIL, appOrigin, googleIssuerURL } from './paths';
import { waitForPath } from './ui';

export interface TestUser {
  name: string;
  email: string;
  password: string;
  photoURL: string;
}

/** A new user with a unique e-mail. The photo is served by the app itself (no network needed). */
export function newUser(overrides: Partial<TestUser> = {}): TestUser {
  const id = randomBytes(4).toString('hex');
  return {
    name: `E2E User ${id}`,
    email: `user-${id}@e2e.test`,
    password: `Secret-${id}A`,
    photoURL: `${appOrigin()}/favicon.svg`,
    ...overrides,
  };
}

/** The one e-mail the e2e server makes admin (ADMIN_EMAILS). Register it once per spec file that needs it. */
export function adminUser(overrides: Partial<TestUser> = {}): TestUser {
  return newUser({
    name: 'E2E Admin',
    email: ADMIN_EMAIL,
    password: 'Admin-Secret1',
    ...overrides,
  });
}

// ---------------------------------------------------------------- through the UI

/** Fills and sends the registration form, then waits for the app to leave /register. */
export async function registerViaUi(page: Page, user: TestUser) {
  await page.goto('/register');
  await page.getByLabel('Name', { exact: true }).fill(user.name);
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByLabel('Photo URL', { exact: true }).fill(user.photoURL);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Confirm Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await waitForPath(page, (p) => p !== '/register');
}

/** Fills and sends the login form, then waits for the app to leave /login. */
export async function loginViaUi(page: Page, user: Pick<TestUser, 'email' | 'password'>) {
  if (!new URL(page.url(), 'http://x').pathname.startsWith('/login')) await page.goto('/login');
  await fillLoginForm(page, user);
  await waitForPath(page, (p) => p !== '/login');
}

export async function fillLoginForm(page: Page, user: Pick<TestUser, 'email' | 'password'>) {
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log In', exact: true }).click();
}

/** Opens the avatar menu and chooses Log Out (desktop layout). */
export async function logoutViaUi(page: Page) {
  await openAvatarMenu(page);
  await page.getByRole('menuitem', { name: 'Log Out' }).click();
  await page.getByRole('link', { name: 'Login', exact: true }).first().waitFor();
}

/** The avatar menu button in the navigation bar (desktop layout). */
export function avatarButton(page: Page) {
  return page.getByRole('button', { name: /account|avatar|user menu|profile/i }).first();
}

export async function openAvatarMenu(page: Page) {
  await avatarButton(page).click();
  await page.getByRole('menu').waitFor();
}

// ---------------------------------------------------------------- through the API

const origin = appOrigin;

async function expectOk(
  res: { ok(): boolean; status(): number; text(): Promise<string> },
  what: string,
) {
  if (!res.ok()) throw new Error(`${what} answered ${res.status()}: ${await res.text()}`);
}

/**
 * Signs a user up through the API inside a browser context (its cookie jar gets the session),
 * confirms the e-mail with the link of the verification mail (unless `verify: false`), stores the
 * profile like the registration screen does, and returns a bearer token for API calls. Pages
 * opened afterwards in this context are signed in.
 */
export async function registerViaApi(
  context: BrowserContext,
  user: TestUser = newUser(),
  { verify = true }: { verify?: boolean } = {},
) {
  const headers = { Origin: origin() };
  const signUp = await context.request.post('/api/auth/sign-up/email', {
    headers,
    data: { name: user.name, email: user.email, password: user.password, image: user.photoURL },
  });
  await expectOk(signUp, 'POST /api/auth/sign-up/email');
  if (verify) await verifyEmailViaMail(context, user.email);
  const token = await accessToken(context, user.email);
  const save = await context.request.post('/api/users', {
    headers: { Authorization: `Bearer ${token}` },
    data: { displayName: user.name, email: user.email, photoURL: user.photoURL },
  });
  await expectOk(save, 'POST /api/users');
  return { user, token };
}

/** Opens the link of the newest verification mail to `email` in the context (as a click would). */
export async function verifyEmailViaMail(context: BrowserContext, email: string) {
  const link = linkIn(
    await mailTo(email, 'email-verification'),
    `${origin()}/api/auth/verify-email`,
  );
  const res = await context.request.get(link, { maxRedirects: 0 });
  const landed = new URL(res.headers().location ?? '', origin());
  if (res.status() !== 302 || landed.pathname !== '/email-verified' || landed.search) {
    throw new Error(`verification link answered ${res.status()} to ${landed.href}`);
  }
}

/** Signs an existing user in through the API inside a browser context; returns a bearer token. */
export async function loginViaApi(
  context: BrowserContext,
  user: Pick<TestUser, 'email' | 'password'>,
) {
  const res = await context.request.post('/api/auth/sign-in/email', {
    headers: { Origin: origin() },
    data: { email: user.email, password: user.password },
  });
  await expectOk(res, 'POST /api/auth/sign-in/email');
  return accessToken(context, user.email);
}

/** POST /api/jwt for the context's cookie session: a 15-minute bearer token. */
export async function accessToken(context: BrowserContext, email: string) {
  const res = await context.request.post('/api/jwt', {
    headers: { Origin: origin() },
    data: { email },
  });
  await expectOk(res, 'POST /api/jwt');
  return ((await res.json()) as { token: string }).token;
}

/**
 * Calls the API with a bearer token (for setting up data quickly), failing on any non-2xx answer.
 * Returns the parsed JSON body (or null for an empty body).
 */
export async function apiCall<T = unknown>(
  path: string,
  init: { method?: string; token?: string; json?: unknown } = {},
): Promise<T> {
  const res = await fetch(`${origin()}${path}`, {
    method: init.method ?? (init.json === undefined ? 'GET' : 'POST'),
    headers: {
      ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
      ...(init.json !== undefined ? { 'Content-Type': 'application/json' } : {}),
    },
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path} answered ${res.status}: ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

/** Sets who the mock Google provider signs in next (until changed). */
export async function setGoogleIdentity(identity: GoogleIdentity) {
  const res = await fetch(`${googleIssuerURL()}${GOOGLE_IDENTITY_PATH}`, {
    method: 'POST',
    body: JSON.stringify(identity),
  });
  if (!res.ok) throw new Error(`mock Google answered ${res.status}`);
}
