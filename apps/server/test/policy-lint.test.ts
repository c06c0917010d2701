import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');

interface LintResult {
  messages: { ruleId: string | null; line: number }[];
}
interface Linter {
  lintText(code: string, options: { filePath: string }): Promise<LintResult[]>;
}

let linter: Linter;

beforeAll(async () => {
  // ESLint is the root workspace's tool (npm run lint): resolved from there, with its config.
  const entry = createRequire(path.join(root, 'package.json')).resolve('eslint');
  const { ESLint } = (await import(pathToFileURL(entry).href)) as {
    ESLint: new (options: { cwd: string }) => Linter;
  };
  linter = new ESLint({ cwd: root });
});

/** The lines the repository's ESLint config flags as permission checks in `code` saved as `file`. */
async function flaggedLines(file: string, code: string): Promise<number[]> {
  const [result] = await linter.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.line);
}

const code = [
  "import type { AuthUser } from '../../lib/hono-env';",
  "export const a = (actor: AuthUser) => actor.role === 'admin';",
  "export const b = (role: string) => 'admin' !== role;",
  'export const c = (pet: { ownerId: string }, id: string) => pet.ownerId === id;',
  'export const d = (viewer: AuthUser, row: { petOwnerId: string }) => row.petOwnerId !== viewer.id;',
  'export const e = (x: { id: string }, caller: AuthUser) => x.id == caller.id;',
  'export const f = (i: { donorId: string | null }, s: string) => s === i.donorId;',
  '// not permissions: other fields',
  'export const g = (p: { imageId: string }, q: { pictureId: string }) => p.imageId !== q.pictureId;',
  "export const h = (r: { status: string }) => r.status === 'pending';",
  '',
].join('\n');

describe('ESLint keeps permission checks in *.policy.ts', () => {
  it('flags role, owner and caller comparisons in a service, route or presenter', async () => {
    expect(await flaggedLines('apps/server/src/modules/pets/example.service.ts', code)).toEqual([
      2, 3, 4, 5, 6, 7,
    ]);
  });

  it('allows them in a policy file', async () => {
    expect(await flaggedLines('apps/server/src/modules/pets/example.policy.ts', code)).toEqual([]);
  });
});
