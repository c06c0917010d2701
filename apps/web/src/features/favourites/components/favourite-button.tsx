import { useLocation, useNavigate } from 'react-router';
import { cn } from '@/utils/cn';
import { useFavouritePetIds, useToggleFavourite } from '../api/favourites';

interface FavouriteButtonProps {
  petId: string;
  petName: string;
  /** Whether someone is signed in; null while the session is still loading. */
  signedIn: boolean | null;
  className?: string;
}

function Heart({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="size-5">
      <path
        d="M12 21s-7.5-4.6-9.6-9.3C.9 8.3 3 4.5 6.7 4.5c2.1 0 3.6 1.1 4.4 2.6.8-1.5 2.3-2.6 4.4-2.6 3.7 0 5.8 3.8 4.3 7.2C19.5 16.4 12 21 12 21z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * The heart on a pet's card and details page: saves it to (or removes it from) the signed-in
 * user's favourites; a visitor is asked to sign in and comes back to the same page.
 */
export function FavouriteButton({ petId, petName, signedIn, className }: FavouriteButtonProps) {
  const ids = useFavouritePetIds(signedIn === true);
  const toggle = useToggleFavourite();
  const navigate = useNavigate();
  const location = useLocation();
  const saved = ids.data?.has(petId) ?? false;
  const label = saved ? `Remove ${petName} from favourites` : `Save ${petName} to favourites`;
  return (
    <button
      type="button"
      aria-pressed={signedIn ? saved : undefined}
      aria-label={label}
      title={label}
      disabled={signedIn === null || toggle.isPending}
      onClick={() => {
        if (!signedIn) {
          void navigate('/login', { state: { from: location } });
          return;
        }
        toggle.mutate({ petId, save: !saved });
      }}
      className={cn(
        'inline-flex size-9 items-center justify-center rounded-full border border-slate-300 bg-white text-rose-600 transition-colors hover:bg-rose-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:opacity-60 dark:border-slate-600 dark:bg-slate-800 dark:text-rose-400 dark:hover:bg-slate-700',
        className,
      )}
    >
      <Heart filled={saved} />
    </button>
  );
}
