import { Link } from 'react-router';
import { cn } from '@/utils/cn';

export function PawIcon({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true" fill="currentColor">
      <ellipse cx="9" cy="10" rx="3" ry="4" />
      <ellipse cx="23" cy="10" rx="3" ry="4" />
      <ellipse cx="4.5" cy="17" rx="2.6" ry="3.4" />
      <ellipse cx="27.5" cy="17" rx="2.6" ry="3.4" />
      <path d="M16 14c-4.6 0-8.5 5.6-8.5 9.2 0 2.7 2 4.3 4.7 4.3 2 0 2.5-.8 3.8-.8s1.8.8 3.8.8c2.7 0 4.7-1.6 4.7-4.3C24.5 19.6 20.6 14 16 14z" />
    </svg>
  );
}

/** The Pet Haven logo linking home. */
export function BrandLogo({ className, onClick }: { className?: string; onClick?: () => void }) {
  return (
    <Link
      to="/"
      onClick={onClick}
      className={cn(
        'inline-flex items-center gap-2 text-lg font-extrabold tracking-tight',
        className,
      )}
    >
      <span className="grid size-9 place-items-center rounded-full bg-brand-600 text-accent-300">
        <PawIcon className="size-5" />
      </span>
      <span>
        Pet <span className="text-brand-600 dark:text-accent-400">Haven</span>
      </span>
    </Link>
  );
}
