import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A tiny local fake of the parts of the Stripe HTTP API the server uses (PaymentIntents create,
 * retrieve, cancel; refunds), so the official SDK can be exercised end to end in tests with
 * `STRIPE_API_URL`. `succeed(id)` plays the browser confirming the card with Stripe Elements.
 */
export interface FakePaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  description: string | null;
  metadata: Record<string, string>;
  last_payment_error: null | { code: string; message: string };
  created: number;
  livemode: false;
}

export interface FakeStripe {
  url: string;
  intents: Map<string, FakePaymentIntent>;
  refunds: { id: string; payment_intent: string }[];
  requests: { method: string; path: string; idempotencyKey?: string }[];
  succeed(id: string): FakePaymentIntent;
  /** While set, refunds and cancels answer 500 (Stripe having trouble). */
  failing: { refunds: boolean; cancels: boolean };
  /**
   * Holds the next refund request until `release()` (later ones are answered at once); `reached`
   * resolves when it has arrived (the app is then inside its refund call).
   */
  holdNextRefund(): { reached: Promise<void>; release(): void };
  /** Forgets the idempotency keys seen so far, as Stripe does after 24 hours. */
  forgetIdempotencyKeys(): void;
  close(): Promise<void>;
}

export const FAKE_STRIPE_KEY = 'sk_test_fake_key';

export async function startFakeStripe(): Promise<FakeStripe> {
  const intents = new Map<string, FakePaymentIntent>();
  const refunds: { id: string; payment_intent: string }[] = [];
  const refundsByKey = new Map<string, { id: string; payment_intent: string }>();
  const requests: FakeStripe['requests'] = [];
  let counter = 0;
  const failing = { refunds: false, cancels: false };
  let next: { gate: Promise<void>; arrived(): void } | null = null;
  const stripeDown = { error: { type: 'api_error', message: 'Stripe is having trouble (fake)' } };

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
      requests.push({ method: req.method ?? '', path: url.pathname, idempotencyKey });
      const send = (status: number, body: unknown) => {
        res.writeHead(status, {
          'content-type': 'application/json',
          'request-id': `req_${counter}`,
        });
        res.end(JSON.stringify(body));
      };
      const missing = (id: string) =>
        send(404, {
          error: {
            type: 'invalid_request_error',
            code: 'resource_missing',
            message: `No such payment_intent: '${id}'`,
          },
        });
      if (req.headers.authorization !== `Bearer ${FAKE_STRIPE_KEY}`) {
        send(401, {
          error: { type: 'invalid_request_error', message: 'Invalid API Key provided' },
        });
        return;
      }
      const form = new URLSearchParams(raw);
      const metadata: Record<string, string> = {};
      for (const [k, v] of form) {
        const m = /^metadata\[(.+)\]$/.exec(k);
        if (m?.[1]) metadata[m[1]] = v;
      }

      if (req.method === 'POST' && url.pathname === '/v1/payment_intents') {
        counter += 1;
        const id = `pi_fake_${counter}`;
        const pi: FakePaymentIntent = {
          id,
          object: 'payment_intent',
          amount: Number(form.get('amount')),
          currency: form.get('currency') ?? 'usd',
          status: 'requires_payment_method',
          client_secret: `${id}_secret_fake${counter}`,
          description: form.get('description'),
          metadata,
          last_payment_error: null,
          created: Math.floor(Date.now() / 1000),
          livemode: false,
        };
        intents.set(id, pi);
        send(200, pi);
        return;
      }
      const one = /^\/v1\/payment_intents\/([^/]+)(\/cancel)?$/.exec(url.pathname);
      if (one?.[1]) {
        const pi = intents.get(one[1]);
        if (!pi) return missing(one[1]);
        if (req.method === 'GET' && !one[2]) return send(200, pi);
        if (req.method === 'POST' && one[2]) {
          if (failing.cancels) return send(500, stripeDown);
          if (pi.status === 'succeeded') {
            return send(400, {
              error: { type: 'invalid_request_error', code: 'payment_intent_unexpected_state' },
            });
          }
          pi.status = 'canceled';
          return send(200, pi);
        }
      }
      if (req.method === 'POST' && url.pathname === '/v1/refunds') {
        const answer = () => {
          if (failing.refunds) return send(500, stripeDown);
          const known = idempotencyKey ? refundsByKey.get(idempotencyKey) : undefined;
          if (known) return send(200, { ...known, object: 'refund', status: 'succeeded' });
          const piId = form.get('payment_intent') ?? '';
          const pi = intents.get(piId);
          if (!pi) return missing(piId);
          if (refunds.some((r) => r.payment_intent === piId)) {
            return send(400, {
              error: {
                type: 'invalid_request_error',
                code: 'charge_already_refunded',
                message: 'Charge has already been refunded.',
              },
            });
          }
          counter += 1;
          const refund = { id: `re_fake_${counter}`, payment_intent: piId };
          refunds.push(refund);
          if (idempotencyKey) refundsByKey.set(idempotencyKey, refund);
          return send(200, { ...refund, object: 'refund', amount: pi.amount, status: 'succeeded' });
        };
        const held = next;
        next = null;
        if (!held) return answer();
        held.arrived();
        void held.gate.then(answer);
        return;
      }
      send(404, { error: { type: 'invalid_request_error', message: `Unknown ${url.pathname}` } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    intents,
    refunds,
    requests,
    failing,
    succeed(id) {
      const pi = intents.get(id);
      if (!pi) throw new Error(`fake stripe: no intent ${id}`);
      pi.status = 'succeeded';
      return pi;
    },
    holdNextRefund() {
      let release!: () => void;
      let arrived!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      const reached = new Promise<void>((resolve) => (arrived = resolve));
      const hold = { gate, arrived };
      next = hold;
      return {
        reached,
        release: () => {
          if (next === hold) next = null;
          release();
        },
      };
    },
    forgetIdempotencyKeys: () => refundsByKey.clear(),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
