import type { ReactNode } from 'react';
import { PawIcon } from './brand-logo';

/** The login and registration screens: the form card beside a friendly brand panel. */
export function AuthLayout({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto grid max-w-5xl gap-8 px-4 py-10 sm:px-6 md:grid-cols-2 md:items-center md:py-16">
      <div className="hidden flex-col gap-4 rounded-3xl bg-gradient-to-br from-brand-600 to-brand-800 p-10 text-white shadow-xl md:flex">
        <PawIcon className="size-14 text-accent-300" />
        <p className="text-3xl leading-tight font-extrabold">
          Every pet deserves a <span className="text-accent-300">loving home</span>.
        </p>
        <p className="text-brand-100">
          Adopt, list a pet that needs a family, or fund a campaign that changes a life.
        </p>
      </div>
      <section className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900">
        <h1 className="text-2xl font-bold">{title}</h1>
        <p className="mt-1 mb-6 text-sm text-slate-600 dark:text-slate-300">{subtitle}</p>
        {children}
      </section>
    </div>
  );
}
