/**
 * The error catalogue (packages/shared/src/errors.ts) is the one list of codes the API answers.
 * Three guards keep it so:
 * - at run time, every error the apps answer during the whole server suite is checked against it
 *   (app.ts under NODE_ENV=test, failed on by test/helpers/error-catalogue-setup.ts): proved here
 *   with an app that answers a code outside it;
 * - statically, every code written as a string where the API answers it (AppError and its
 *   subclasses, `code: '...'` in Better Auth errors and bodies) is in it;
 * - TypeScript: AppError takes only catalogue codes.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { errorCatalogue, isErrorCode } from '@pet-haven/shared/errors';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import {
  assertNoErrorCatalogueViolations,
  checkErrorAnswers,
  errorAnswerProblem,
  takeErrorCatalogueViolations,
} from '../src/lib/error-catalogue-check';
import { AppError, handleError } from '../src/lib/errors';
import type { AppEnv } from '../src/lib/hono-env';

const srcDir = path.resolve(import.meta.dirname, '../src');

describe('the catalogue', () => {
  it('gives every code an error status and a message', () => {
    for (const [code, entry] of Object.entries(errorCatalogue)) {
      expect(code, code).toMatch(/^([A-Z][A-Z_]+|[a-z][a-z_]+)$/);
      expect(entry.status, code).toBeGreaterThanOrEqual(400);
      expect(entry.status, code).toBeLessThan(600);
      expect(entry.message.trim(), code).not.toBe('');
    }
  });

  it('is where AppError takes its status and default message from', () => {
    const error = new AppError('CAMPAIGN_PAUSED');
    expect(error.status).toBe(409);
    expect(error.message).toBe(errorCatalogue.CAMPAIGN_PAUSED.message);
    expect(new AppError('card_declined', 'Declined.').status).toBe(402);
  });
});

describe('error answers are checked against the catalogue', () => {
  it('tells what is wrong with an answer', () => {
    expect(errorAnswerProblem(409, { code: 'CAMPAIGN_FULL', message: 'Full.' })).toBeNull();
    expect(errorAnswerProblem(402, { code: 'expired_card', message: 'Expired.' })).toBeNull();
    // a general code of the status (a Hono HTTP exception, a Better Auth error of ours)
    expect(errorAnswerProblem(405, { code: 'NOT_FOUND', message: 'No.' })).toBeNull();
    expect(errorAnswerProblem(422, { code: 'BAD_REQUEST', message: 'No.' })).toBeNull();
    expect(errorAnswerProblem(409, { code: 'CAMPAIGN_GONE', message: 'Gone.' })).toMatch(
      /"CAMPAIGN_GONE" is not in the error catalogue/,
    );
    expect(errorAnswerProblem(400, { code: 'CAMPAIGN_FULL', message: 'Full.' })).toMatch(
      /CAMPAIGN_FULL answered with 400, the catalogue says 409/,
    );
    expect(errorAnswerProblem(500, 'Internal Server Error')).toBe('not a JSON error body');
    expect(errorAnswerProblem(400, { code: 'BAD_REQUEST', message: '' })).toMatch(/message/);
  });

  it('catches a route answering a code outside the catalogue, and the test setup fails on it', async () => {
    const app = new Hono<AppEnv>();
    app.use(checkErrorAnswers);
    app.onError(handleError);
    app.get('/api/bad', (c) => c.json({ code: 'NOPE', message: 'Made up.' }, 409));
    app.get('/api/wrong-status', (c) => c.json({ code: 'CAMPAIGN_FULL', message: 'Full.' }, 400));
    app.get('/api/good', () => {
      throw new AppError('PAYMENT_EXPIRED');
    });
    app.get('/outside-api', (c) => c.json({ code: 'NOPE', message: 'Not the API.' }, 404));

    expect((await app.request('/api/good')).status).toBe(409);
    expect((await app.request('/outside-api')).status).toBe(404);
    expect(takeErrorCatalogueViolations()).toEqual([]);

    expect((await app.request('/api/bad')).status).toBe(409);
    expect((await app.request('/api/wrong-status')).status).toBe(400);
    expect(assertNoErrorCatalogueViolations).toThrow(
      /GET \/api\/bad -> 409: code "NOPE" is not in the error catalogue\nGET \/api\/wrong-status -> 400: CAMPAIGN_FULL answered with 400/,
    );
    // taken: this test's own afterEach finds none left
    expect(takeErrorCatalogueViolations()).toEqual([]);
  });
});

/** Classes whose first argument is a code: AppError and the classes extending it. */
function errorClassesIn(sources: string[]): string[] {
  const classes = new Set(['AppError']);
  for (let grew = true; grew;) {
    grew = false;
    for (const source of sources) {
      for (const m of source.matchAll(/class\s+(\w+)\s+extends\s+(\w+)/g)) {
        if (classes.has(m[2]!) && !classes.has(m[1]!)) {
          classes.add(m[1]!);
          grew = true;
        }
      }
    }
  }
  return [...classes];
}

/**
 * Every code written as a string where an error is answered: the first argument of an error
 * class (`new AppError('X'`, also after a status in the old style) and `code: 'X'` in upper case
 * (Better Auth's APIError options, bodies written by hand). Lower-case `code:` strings are other
 * libraries' (zod's 'custom'); the card decline codes are typed DeclineCode.
 */
function codesWrittenIn(source: string, errorClasses: string[]): string[] {
  const codes: string[] = [];
  const construct = new RegExp(
    `new\\s+(?:${errorClasses.join('|')})\\(\\s*(?:\\d+\\s*,\\s*)?['"\`]([^'"\`]+)['"\`]`,
    'g',
  );
  for (const m of source.matchAll(construct)) codes.push(m[1]!);
  for (const m of source.matchAll(/\bcode:\s*['"`]([A-Z][A-Za-z0-9_]*)['"`]/g)) codes.push(m[1]!);
  return codes;
}

function serverSources(dir: string): { file: string; source: string }[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.test.ts'))
    .map((e) => {
      const file = path.join(e.parentPath, e.name);
      return { file: path.relative(srcDir, file), source: readFileSync(file, 'utf8') };
    });
}

describe('codes written in the server are in the catalogue', () => {
  it('finds a code outside the catalogue (the scan works)', () => {
    const source = [
      'class Refused extends AppError {}',
      "throw new AppError('NOT_FOUND', 'x');",
      "throw new Refused('CAMPAIGN_GONE');",
      "throw new AppError(409, 'OLD_STYLE', 'x');",
      "throw new APIError('BAD_REQUEST', { code: 'MADE_UP', message: 'x' });",
      "const zodIssue = { code: 'custom' };",
    ].join('\n');
    const codes = codesWrittenIn(source, errorClassesIn([source]));
    expect(codes).toEqual(['NOT_FOUND', 'CAMPAIGN_GONE', 'OLD_STYLE', 'MADE_UP']);
    expect(codes.filter((c) => !isErrorCode(c))).toEqual(['CAMPAIGN_GONE', 'OLD_STYLE', 'MADE_UP']);
  });

  it('finds none in apps/server/src', () => {
    const files = serverSources(srcDir);
    const classes = errorClassesIn(files.map((f) => f.source));
    expect(classes.length).toBeGreaterThan(1); // AppError's subclasses are seen too
    const written = files.flatMap(({ file, source }) =>
      codesWrittenIn(source, classes).map((code) => `${file}: ${code}`),
    );
    expect(written.length).toBeGreaterThan(20);
    expect(written.filter((w) => !isErrorCode(w.slice(w.lastIndexOf(' ') + 1)))).toEqual([]);
  });
});
