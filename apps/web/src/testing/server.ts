import { setupServer } from 'msw/node';
import { reportProblem, takeProblems } from './api-handlers';
import { baseHandlers } from './session';

/**
 * The one MSW server of the web tests (msw/node intercepts fetch and XMLHttpRequest). Started
 * once per test file by vitest.setup.ts with the base handlers; tests add theirs with
 * `server.use(...)` or `renderRoute(path, { handlers })`, and each test starts from the base again.
 */
export const server = setupServer(...baseHandlers);

export function startApiServer() {
  server.listen({
    onUnhandledRequest(request, print) {
      const url = new URL(request.url);
      reportProblem(`No test handler for ${request.method} ${url.pathname}${url.search}`);
      print.error();
    },
  });
}

/** After each test: back to the base handlers; throws what went wrong with the fake API. */
export function resetApiServer() {
  server.resetHandlers();
  const problems = takeProblems();
  if (problems.length > 0) {
    throw new Error(`The fake API saw problems in this test:\n- ${problems.join('\n- ')}`);
  }
}

export function stopApiServer() {
  server.close();
}
