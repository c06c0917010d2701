import type { ReactNode } from 'react';

/** Fixed navbar, the page below it (offset by the bar's height) and the footer. */
export function SiteLayout({
  navbar,
  footer,
  children,
}: {
  navbar: ReactNode;
  footer: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-brand-600 px-3 py-2 text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      {navbar}
      <main id="main" tabIndex={-1} className="flex-1 pt-16 outline-none">
        {children}
      </main>
      {footer}
    </div>
  );
}
