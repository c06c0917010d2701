import type { Plugin } from 'vite';

/**
 * Lets the bundler drop what the web app does not use of packages/shared (decision 022).
 *
 * The shared modules hold the API's zod schemas beside plain values the pages need
 * (`petCategories`, `PETS_PAGE_SIZE`, `responsiveImage`, the error catalogue). A schema is built
 * by calls at the top of its module (`z.object(...)`, `requiredText(...)`, `petBodySchema.omit()`),
 * and a bundler keeps every top-level call it cannot prove free of side effects: importing one
 * constant brought all of zod (24 KB compressed) into every page. This plugin marks each top-level
 * `const` of a shared module whose value is computed as a pure call,
 * `const x = /* @__PURE__ *\/ (() => (<value>))()`, which evaluates the same value at the same
 * moment and lets the bundler drop the declaration when nothing uses it. Building a schema has no
 * side effects, so nothing is lost; the forms that use a schema still get it (and zod), in their
 * own chunks. The first-load budget check (check-bundle-budget.ts) shows the effect.
 */

const SHARED_MODULE = /[\\/]packages[\\/]shared[\\/]src[\\/][^\\/]+\.ts$/;
/** Values that are pure already: nothing to mark. */
const ALREADY_PURE = new Set([
  'Literal',
  'Identifier',
  'TemplateLiteral',
  'ArrowFunctionExpression',
  'FunctionExpression',
]);

interface Node {
  type: string;
  start: number;
  end: number;
}
interface Declarator {
  init?: Node | null;
}
interface Statement extends Node {
  declaration?: (Node & { declarations?: Declarator[] }) | null;
  declarations?: Declarator[];
}

/** The [start, end) of each top-level `const` value to mark, in source order. */
export function valuesToMark(program: { body: Statement[] }): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  for (const statement of program.body) {
    const declaration =
      statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
    if (declaration?.type !== 'VariableDeclaration') continue;
    for (const { init } of declaration.declarations ?? []) {
      if (init && !ALREADY_PURE.has(init.type)) ranges.push([init.start, init.end]);
    }
  }
  return ranges;
}

/** `code` with each range wrapped in a pure-annotated immediately called arrow function. */
export function markPure(code: string, ranges: Array<[number, number]>): string {
  let out = code;
  for (const [start, end] of [...ranges].reverse()) {
    out = `${out.slice(0, start)}/* @__PURE__ */ (() => (${out.slice(start, end)}))()${out.slice(end)}`;
  }
  return out;
}

export function pureSharedDeclarations(): Plugin {
  return {
    name: 'pet-haven:pure-shared-declarations',
    apply: 'build',
    transform(code, id) {
      if (!SHARED_MODULE.test(id) || /\.test\.ts$/.test(id)) return null;
      const ranges = valuesToMark(this.parse(code) as unknown as { body: Statement[] });
      if (ranges.length === 0) return null;
      // positions move within a line only: the hidden source maps stay close enough for error reports
      return { code: markPure(code, ranges), map: null };
    },
  };
}
