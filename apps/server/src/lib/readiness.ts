/**
 * Whether start-up has prepared the database (reached it, applied the migrations). The HTTP server
 * listens before that: meanwhile `/api/health` answers 200, and `/api/ready` and every route that
 * needs the database answer 503 (app.ts). Apps built without one (tests, tools) are ready.
 */
export interface Readiness {
  readonly ready: boolean;
}

/** The gate of an app that needs no start-up (tests, tools): always open. */
export const alwaysReady: Readiness = { ready: true };

export function createReadiness(): Readiness & { markReady(): void } {
  let ready = false;
  return {
    get ready() {
      return ready;
    },
    markReady() {
      ready = true;
    },
  };
}
