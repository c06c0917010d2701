import { messages } from '@pet-haven/shared/messages';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { buttonClasses } from '@/components/ui/button';

export function Component() {
  return <NotFoundPage />;
}

/**
 * The error boundary of the details routes: the server's loader answers a missing or malformed
 * id with a 404 (entry-server.tsx), shown as the 404 page; anything else goes on up.
 */
export function NotFoundBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  throw error;
}

function NotFoundPage() {
  return (
    <section className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      <p aria-hidden="true" className="text-7xl font-black text-brand-600 dark:text-accent-400">
        404
      </p>
      <h1 className="text-2xl font-bold sm:text-3xl">{messages.notFound.title}</h1>
      <p className="text-slate-600 dark:text-slate-300">{messages.notFound.text}</p>
      <Link to="/" className={buttonClasses({ className: 'mt-2' })}>
        Go back home
      </Link>
    </section>
  );
}
