import { afterAll, afterEach } from 'vitest';
import { assertNoErrorCatalogueViolations } from '../../src/lib/error-catalogue-check';

// A test (or, for requests made in hooks, its file) fails when an app it called answered an error
// outside the error catalogue (packages/shared/src/errors.ts): an unknown code, or a code with
// another status than the catalogue's. The apps check their answers under NODE_ENV=test (app.ts).
afterEach(assertNoErrorCatalogueViolations);
afterAll(assertNoErrorCatalogueViolations);
