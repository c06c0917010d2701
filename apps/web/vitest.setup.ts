import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy*/waitFor: lazy route modules can take more than the default 1 s on a busy machine
configure({ asyncUtilTimeout: 5000 });

// jsdom does not implement scrolling; the router's ScrollRestoration calls it on navigation
window.scrollTo = () => {};

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
