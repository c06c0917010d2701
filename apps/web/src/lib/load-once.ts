/** A promise marked, once it has settled well, with its value (as React's `use()` reads it). */
type UsablePromise<T> = Promise<T> & { status?: 'fulfilled'; value?: T };

/** The value of a promise made by `loadOnce` once it has loaded, or undefined. */
export function loadedValue<T>(promise: Promise<T>): T | undefined {
  const marked = promise as UsablePromise<T>;
  return marked.status === 'fulfilled' ? marked.value : undefined;
}

/**
 * `load` (a dynamic import) run once and shared, its value readable at once with `loadedValue`
 * when it has loaded; a failed load is tried again on the next call.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let current: UsablePromise<T> | null = null;
  return () => {
    if (!current) {
      const started: UsablePromise<T> = load();
      started.then(
        (value) => Object.assign(started, { status: 'fulfilled', value }),
        () => {
          if (current === started) current = null;
        },
      );
      current = started;
    }
    return current;
  };
}
