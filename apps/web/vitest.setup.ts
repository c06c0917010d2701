import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'sonner';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { preloadAllRouteModules } from '@/app/client-routes';
import { resetApiServer, startApiServer, stopApiServer } from '@/testing/server';

// findBy*/waitFor: lazy route modules can take more than the default 1 s on a busy machine
configure({ asyncUtilTimeout: 5000 });

// jsdom does not implement scrolling; the root layout's scroll restoration calls it on navigation
window.scrollTo = () => {};

// Every screen renders at once, as in the browser once its module has loaded (client-routes.tsx).
beforeAll(() => preloadAllRouteModules());

// The fake API (MSW): a request no handler answers, a fake answer that breaks the shared schema and
// a request body the server would refuse fail the test that made them (testing/api-handlers.ts).
beforeAll(() => startApiServer());
afterAll(() => stopApiServer());

afterEach(() => {
  // Sonner keeps its toasts in a module-level store: a toast of one test must not show in the next
  toast.dismiss();
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  resetApiServer();
});
