/**
 * Whether this process takes requests. Start-up: the HTTP server listens before the database is
 * reached and migrated; meanwhile `/api/health` answers 200, and `/api/ready` and every route that
 * needs the database answer 503 (app.ts). Shutdown: once draining (SIGTERM), `/api/ready` answers
 * 503 while requests are still served, so a load balancer stops sending new ones before the server
 * closes its connections. Apps built without one (tests, tools) are ready and never drain.
 */
export interface Readiness {
  readonly ready: boolean;
  readonly draining: boolean;
}

/** The gate of an app that needs no start-up (tests, tools): always open. */
export const alwaysReady: Readiness = { ready: true, draining: false };

export function createReadiness(): Readiness & { markReady(): void; startDraining(): void } {
  let ready = false;
  let draining = false;
  return {
    get ready() {
      return ready;
    },
    get draining() {
      return draining;
    },
    markReady() {
      ready = true;
    },
    startDraining() {
      draining = true;
    },
  };
}

/** `work`, or a rejection once `ms` passed without an answer. */
export function withinMs<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
