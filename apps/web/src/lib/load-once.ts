/** A load run once and shared (`loadOnce`): call it for the promise, `loaded()` for the value. */
export interface LoadOnce<T> {
  (): Promise<T>;
  /** The value once the load has succeeded (synchronously), else undefined. */
  loaded(): T | undefined;
}

/**
 * `load` (a dynamic import) run once and shared by every caller; a failed load is tried again on
 * the next call. Route screens render a loaded module at once with `loaded()`
 * (app/client-routes.tsx); forms load their schema with the first validation (lazy-resolver.ts).
 */
export function loadOnce<T>(load: () => Promise<T>): LoadOnce<T> {
  let current: Promise<T> | null = null;
  let value: T | undefined;
  const get = () => {
    if (!current) {
      const started = load();
      started.then(
        (loaded) => {
          value = loaded;
        },
        () => {
          if (current === started) current = null;
        },
      );
      current = started;
    }
    return current;
  };
  return Object.assign(get, { loaded: () => value });
}
