import { messages } from '@pet-haven/shared/messages';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';

/**
 * The 404 page: unknown paths, and a details page whose pet or campaign the server did not find
 * (client-routes.tsx shows it in that screen's place, on the server and while hydrating).
 */
export function Component() {
  return <NotFoundPage />;
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
