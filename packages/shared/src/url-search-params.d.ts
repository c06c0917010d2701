/**
 * The WHATWG URLSearchParams, a global in every runtime this package runs in (browsers and Node):
 * the part it uses. The package compiles without DOM or Node types, so that nothing else of either
 * slips in.
 */
declare class URLSearchParams implements Iterable<[string, string]> {
  constructor(init?: string | Record<string, string>);
  get(name: string): string | null;
  set(name: string, value: string): void;
  toString(): string;
  [Symbol.iterator](): IterableIterator<[string, string]>;
}
