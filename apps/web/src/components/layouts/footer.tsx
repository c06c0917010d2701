import { BrandLogo } from './brand-logo';

const columns = [
  {
    title: 'Resources',
    links: ['Pet care guides', 'Adoption FAQ', 'Volunteer programs', 'Success stories'],
  },
  { title: 'Follow us', links: ['Facebook', 'Instagram', 'YouTube', 'X (Twitter)'] },
  { title: 'Legal', links: ['Privacy Policy', 'Terms of Service', 'Cookie Policy'] },
] as const;

/** The footer (spec section 2): Resources, Follow us and Legal columns of placeholder links. */
export function Footer() {
  return (
    <footer className="print:hidden border-t border-slate-200 bg-slate-50 text-slate-700 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-4">
        <div className="space-y-3">
          <BrandLogo className="text-slate-900 dark:text-white" />
          <p className="text-sm">Connecting caring people with pets in need of a loving home.</p>
        </div>
        {columns.map((col) => (
          <nav key={col.title} aria-label={col.title}>
            <h2 className="mb-3 text-sm font-semibold tracking-wide text-slate-900 uppercase dark:text-white">
              {col.title}
            </h2>
            <ul className="space-y-2 text-sm">
              {col.links.map((label) => (
                <li key={label}>
                  <a
                    href="#"
                    onClick={(e) => e.preventDefault()}
                    className="hover:text-brand-700 hover:underline dark:hover:text-accent-300"
                  >
                    {label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <p className="border-t border-slate-200 py-4 text-center text-xs dark:border-slate-800">
        © {new Date().getFullYear()} Pet Haven. Open source, made with care for animals.
      </p>
    </footer>
  );
}
