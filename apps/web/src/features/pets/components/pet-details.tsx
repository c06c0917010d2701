import type { Pet } from '@pet-haven/shared/pets';
import { Fragment, lazy, Suspense, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { messages } from '@pet-haven/shared/messages';
import { Button, buttonClasses } from '@/components/ui/button';
import { ErrorText } from '@/components/ui/error-text';
import { Gallery } from '@/components/ui/gallery';
import { DetailsSkeleton } from '@/components/ui/skeleton';
import { isApiError } from '@/lib/api-client';
import { categoryLabel } from '@/utils/category-label';
import { usePet } from '../api/get-pet';
import { factRows } from './pet-facts';

// A form (react-hook-form, zod, toasts): loaded when the Adopt button is first pressed or
// pointed at, never with the page (decision 022).
const loadAdoptDialog = () => import('./adopt-dialog');
const AdoptDialog = lazy(() => loadAdoptDialog().then((m) => ({ default: m.AdoptDialog })));
import type { Viewer } from './viewer';

interface PetDetailsProps {
  id: string;
  viewer: Viewer | null;
  /**
   * Shown instead of Adopt when the viewer must confirm their e-mail first (the route passes the
   * auth feature's notice; the server refuses the request too).
   */
  verifyFirst?: ReactNode;
  /** Beside Adopt (the favourites heart, passed in by the route). */
  action?: (pet: Pet) => ReactNode;
  /**
   * False while the session is not read yet (a page rendered on the server, then hydrating):
   * Adopt shows but waits, as it cannot tell a visitor (to /login) from a signed-in user (the form).
   */
  sessionKnown: boolean;
}

/** The pet details screen: picture, facts, description and the Adopt dialog. */
export function PetDetails({
  id,
  viewer,
  sessionKnown,
  verifyFirst = null,
  action,
}: PetDetailsProps) {
  const { data: pet, isPending, isError, error } = usePet(id);
  const [adoptOpen, setAdoptOpen] = useState(false);
  // mounted from the first opening on, so closing keeps the dialog's own behaviour
  const [adoptMounted, setAdoptMounted] = useState(false);
  const navigate = useNavigate();
  const location = useLocation();

  if (isPending) return <DetailsSkeleton label={messages.pets.loadingDetails} showLabel />;

  if (isError) {
    const notFound =
      isApiError(error) && (error.status === 404 || error.code === 'VALIDATION_FAILED');
    return (
      <div className="flex flex-col items-center gap-4 py-16 text-center">
        <ErrorText className="text-lg">
          {notFound ? messages.pets.notFound : messages.pets.fetchDetailsFailed}
        </ErrorText>
        <Link to="/petlist" className={buttonClasses({ variant: 'secondary' })}>
          Back to all pets
        </Link>
      </div>
    );
  }

  const isOwner = Boolean(viewer && pet.userEmail && pet.userEmail === viewer.email);
  const canAdopt = !isOwner && !pet.adopted && !pet.adoptionPending;

  return (
    <article className="grid gap-8 md:grid-cols-2">
      <div>
        <Gallery
          key={pet._id}
          photos={[pet.petImage, ...(pet.morePhotos ?? [])]}
          altOf={(i, count) =>
            count === 1 ? pet.petName : `${pet.petName}, photo ${i + 1} of ${count}`
          }
          label={`Photos of ${pet.petName}`}
          className="max-h-[32rem] w-full rounded-xl bg-slate-100 object-cover dark:bg-slate-800"
        />
      </div>
      <div className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-3xl font-bold tracking-tight break-words">{pet.petName}</h1>
          {pet.adopted && (
            <span className="rounded-full bg-green-100 px-3 py-1 text-sm font-medium text-green-800 dark:bg-green-900/40 dark:text-green-300">
              Adopted
            </span>
          )}
          {!pet.adopted && pet.adoptionPending && (
            <span className="rounded-full bg-amber-100 px-3 py-1 text-sm font-medium text-amber-900 dark:bg-amber-900/40 dark:text-amber-200">
              Adoption pending
            </span>
          )}
        </div>
        <p className="text-lg text-slate-700 dark:text-slate-200">{pet.shortDescription}</p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
          <dt className="font-semibold">Age</dt>
          <dd className="text-slate-700 dark:text-slate-300">{pet.petAge}</dd>
          <dt className="font-semibold">Category</dt>
          <dd className="text-slate-700 dark:text-slate-300">{categoryLabel(pet.petCategory)}</dd>
          <dt className="font-semibold">Location</dt>
          <dd className="text-slate-700 dark:text-slate-300">{pet.petLocation}</dd>
          {factRows(pet).map(([label, value]) => (
            <Fragment key={label}>
              <dt className="font-semibold">{label}</dt>
              <dd className="text-slate-700 dark:text-slate-300">{value}</dd>
            </Fragment>
          ))}
        </dl>
        <section aria-labelledby="pet-description">
          <h2 id="pet-description" className="mb-1 font-semibold">
            Description
          </h2>
          <p className="whitespace-pre-line text-slate-700 dark:text-slate-300">
            {pet.longDescription}
          </p>
        </section>
        <div className="mt-2 flex flex-wrap items-center gap-3">
          {action?.(pet)}
          {canAdopt && !sessionKnown && (
            <Button size="lg" disabled>
              Adopt
            </Button>
          )}
          {canAdopt && sessionKnown && viewer && verifyFirst}
          {canAdopt && sessionKnown && viewer && !verifyFirst && (
            <>
              <Button
                size="lg"
                onPointerEnter={() => void loadAdoptDialog()}
                onFocus={() => void loadAdoptDialog()}
                onClick={() => {
                  setAdoptMounted(true);
                  setAdoptOpen(true);
                }}
              >
                Adopt
              </Button>
              {adoptMounted && (
                <Suspense fallback={null}>
                  <AdoptDialog
                    pet={pet}
                    viewer={viewer}
                    open={adoptOpen}
                    onOpenChange={setAdoptOpen}
                  />
                </Suspense>
              )}
            </>
          )}
          {canAdopt && sessionKnown && !viewer && (
            // a visitor signs in first and comes back here (the login screen returns to `from`)
            <Button
              size="lg"
              onClick={() => void navigate('/login', { state: { from: location } })}
            >
              Adopt
            </Button>
          )}
          {isOwner && (
            <p className="text-sm text-slate-600 dark:text-slate-300">
              This is your pet.{' '}
              <Link
                to={`/update-pet/${pet._id}`}
                className="text-brand-700 underline dark:text-brand-300"
              >
                Update it
              </Link>
            </p>
          )}
          {pet.adopted && !isOwner && (
            <p className="text-sm text-slate-600 dark:text-slate-300">
              This pet has already found a home.
            </p>
          )}
          {!pet.adopted && pet.adoptionPending && !isOwner && (
            <p className="text-sm text-slate-600 dark:text-slate-300">
              The owner has accepted a request for this pet, so it takes no new requests for now.
            </p>
          )}
        </div>
      </div>
    </article>
  );
}
