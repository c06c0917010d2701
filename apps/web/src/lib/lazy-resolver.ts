import type { FieldValues, Resolver } from 'react-hook-form';
import { loadOnce } from './load-once';

/** A resolver made by `lazyResolver`: `preload()` starts loading its schema. */
export type LazyResolver<T extends FieldValues> = Resolver<T> & { preload: () => void };

/**
 * A form resolver whose schema loads with the first validation (a submit, or a blur in the
 * forms that check on blur) instead of with the page: zod and a form's schema are about 40 KB
 * compressed, too much for a public page's first load (decision 022). `preload()` starts the
 * download early, e.g. when the form first gets the focus.
 *
 *   const resolver = lazyResolver(async () => {
 *     const [{ zodResolver }, { loginFormSchema }] = await Promise.all([
 *       import('@hookform/resolvers/zod'),
 *       import('@pet-haven/shared/auth'),
 *     ]);
 *     return zodResolver(loginFormSchema);
 *   });
 */
export function lazyResolver<T extends FieldValues>(
  load: () => Promise<Resolver<T>>,
): LazyResolver<T> {
  // a failed download is retried by the next validation
  const get = loadOnce(load);
  const resolver: Resolver<T> = async (values, context, options) =>
    (await get())(values, context, options);
  return Object.assign(resolver, {
    preload: () => {
      get().catch(() => {
        // reported by the validation that needs it
      });
    },
  });
}
