/**
 * The web build's marking of packages/shared's top-level values as pure
 * (apps/web/scripts/pure-shared-declarations.ts, decision 022): computed values are wrapped so a
 * bundler may drop them when unused, and the module still evaluates to the same values.
 */
import { parseAst } from 'vite';
import { describe, expect, it } from 'vitest';
import { markPure, valuesToMark } from '../apps/web/scripts/pure-shared-declarations';

const source = [
  "import { z } from 'zod';",
  'export const categories = ["dog", "cat"];',
  'export const PAGE_SIZE = 24;',
  'const pattern = /^a+$/;',
  'export const schema = z.object({ name: z.string() }).extend({ age: z.number() });',
  'export const limits = { name: 100, about: Math.max(300, 200) };',
  'export const helper = (x) => x * 2;',
  'export function named() { return 1; }',
  'const made = helper(PAGE_SIZE), other = categories.map((c) => c.toUpperCase());',
  'export { made, other };',
].join('\n');

describe('marking shared values as pure', () => {
  it('wraps computed values, and leaves literals, names, functions and regular expressions alone', () => {
    const marked = markPure(source, valuesToMark(parseAst(source) as never));
    expect(marked).toContain(
      'export const schema = /* @__PURE__ */ (() => (z.object({ name: z.string() }).extend({ age: z.number() })))();',
    );
    expect(marked).toContain(
      'export const categories = /* @__PURE__ */ (() => (["dog", "cat"]))();',
    );
    expect(marked).toContain(
      'const made = /* @__PURE__ */ (() => (helper(PAGE_SIZE)))(), other = /* @__PURE__ */ (() => (categories.map((c) => c.toUpperCase())))();',
    );
    for (const kept of [
      'export const PAGE_SIZE = 24;',
      'const pattern = /^a+$/;',
      'export const helper = (x) => x * 2;',
      'export function named() { return 1; }',
    ]) {
      expect(marked).toContain(kept);
    }
  });

  it('evaluates to the same values', async () => {
    const plain = source
      .replace("import { z } from 'zod';", '')
      .replace(/export const schema.*\n/, '');
    const load = (code: string) =>
      import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`) as Promise<
        Record<string, unknown>
      >;
    const before = await load(plain);
    const after = await load(markPure(plain, valuesToMark(parseAst(plain) as never)));
    expect(after.made).toBe(48);
    expect({ ...after, helper: null, named: null }).toEqual({
      ...before,
      helper: null,
      named: null,
    });
  });
});
