import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OAuth2Server } from 'oauth2-mock-server';

/** Who the mock "Google" says is signing in. */
export interface GoogleIdentity {
  email: string;
  name: string;
  picture?: string;
}

export const DEFAULT_GOOGLE_IDENTITY: GoogleIdentity = {
  email: 'google.user@e2e.test',
  name: 'Google User',
};

/** Path on the mock where a spec sets the identity used by the next Google sign-in. */
export const GOOGLE_IDENTITY_PATH = '/__e2e/next-identity';

export interface GoogleMock {
  issuerUrl: string;
  stop(): Promise<void>;
}

/**
 * A local OpenID Connect provider standing in for Google (oauth2-mock-server).
 * `/authorize` redirects straight back with a code (no login form). The identity comes from the
 * last POST to GOOGLE_IDENTITY_PATH (JSON GoogleIdentity) and is bound to the code, then to the
 * access token, so the id_token and /userinfo agree.
 */
export async function startGoogleMock(): Promise<GoogleMock> {
  const oauth = new OAuth2Server();
  await oauth.issuer.keys.generate('RS256');

  let next: GoogleIdentity = DEFAULT_GOOGLE_IDENTITY;
  const byCode = new Map<string, GoogleIdentity>();
  const byAccessToken = new Map<string, GoogleIdentity>();
  let pendingCode: string | undefined;

  const claims = (who: GoogleIdentity) => ({
    sub: `google-${who.email}`,
    email: who.email,
    email_verified: true,
    name: who.name,
    ...(who.picture ? { picture: who.picture } : {}),
  });

  oauth.service.on('beforeAuthorizeRedirect', (redirect: { url: URL }) => {
    const code = redirect.url.searchParams.get('code');
    if (code) byCode.set(code, next);
  });
  oauth.service.on(
    'beforeTokenSigning',
    (token: { payload: Record<string, unknown> }, req: IncomingMessage & { body?: unknown }) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      const code = typeof body.code === 'string' ? body.code : undefined;
      const who = (code && byCode.get(code)) || next;
      if (code) pendingCode = code;
      Object.assign(token.payload, claims(who));
    },
  );
  oauth.service.on('beforeResponse', (response: { body: Record<string, unknown> }) => {
    const who = (pendingCode && byCode.get(pendingCode)) || next;
    if (pendingCode) byCode.delete(pendingCode);
    pendingCode = undefined;
    if (typeof response.body.access_token === 'string') {
      byAccessToken.set(response.body.access_token, who);
    }
  });
  oauth.service.on(
    'beforeUserinfo',
    (response: { body: Record<string, unknown> }, req: IncomingMessage) => {
      const bearer = req.headers.authorization?.replace(/^Bearer\s+/i, '') ?? '';
      response.body = claims(byAccessToken.get(bearer) ?? next);
    },
  );

  const handler = oauth.service.requestHandler;
  const server: Server = createServer((req, res) => {
    if (req.method === 'POST' && req.url === GOOGLE_IDENTITY_PATH) {
      let raw = '';
      req.on('data', (chunk) => (raw += chunk));
      req.on('end', () => {
        try {
          const parsed = JSON.parse(raw || '{}') as Partial<GoogleIdentity>;
          next = parsed.email
            ? { email: parsed.email, name: parsed.name ?? parsed.email, picture: parsed.picture }
            : DEFAULT_GOOGLE_IDENTITY;
          res.writeHead(204).end();
        } catch {
          res.writeHead(400).end('bad JSON');
        }
      });
      return;
    }
    handler(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  const issuerUrl = `http://127.0.0.1:${port}`;
  oauth.issuer.url = issuerUrl;

  return {
    issuerUrl,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
