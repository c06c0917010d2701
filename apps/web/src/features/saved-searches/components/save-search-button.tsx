import { lazy, Suspense, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';

// A form (react-hook-form, zod, toasts): loaded when the button is first pressed or pointed at.
const loadDialog = () => import('./save-search-dialog');
const SaveSearchDialog = lazy(() => loadDialog().then((m) => ({ default: m.SaveSearchDialog })));

interface SaveSearchButtonProps {
  /** Whether someone is signed in; null while the session is still loading. */
  signedIn: boolean | null;
  /** The filters the list applies, as a query string (`category=cat&size=small`). */
  query: string;
}

/**
 * "Save this search" on /petlist: keeps the list's filters under a name, with an
 * e-mail when new pets match. A visitor is asked to sign in and comes back to the same list.
 */
export function SaveSearchButton({ signedIn, query }: SaveSearchButtonProps) {
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <Button
        variant="secondary"
        disabled={signedIn === null}
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        onClick={() => {
          if (!signedIn) {
            void navigate('/login', { state: { from: location } });
            return;
          }
          setMounted(true);
          setOpen(true);
        }}
      >
        Save this search
      </Button>
      {mounted && (
        <Suspense fallback={null}>
          <SaveSearchDialog key={query} query={query} open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
