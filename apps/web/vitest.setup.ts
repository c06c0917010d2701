import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach } from 'vitest';

// findBy*/waitFor: lazy route modules can take more than the default 1 s on a busy machine
configure({ asyncUtilTimeout: 5000 });

// jsdom does not implement scrolling; the router's ScrollRestoration calls it on navigation
window.scrollTo = () => {};

afterEach(() => {
  // Sonner keeps its toasts in a module-level store: a toast of one test must not show in the next
  toast.dismiss();
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
