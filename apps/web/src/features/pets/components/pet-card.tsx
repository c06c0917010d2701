import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import type { Pet } from '@pet-haven/shared/pets';
import { buttonClasses } from '@/components/ui/button';
import { CardPicture } from '@/components/ui/picture';
import { categoryLabel } from '@/utils/category-label';

interface PetCardProps {
  pet: Pet;
  /** Its place in the grid, from 0 (the first row's pictures are not lazy). */
  position: number;
  /** Beside View Details (the favourites heart, passed in by the route). */
  action?: ReactNode;
}

/** A card of the public list: picture, name, age, location and View Details. */
export function PetCard({ pet, position, action = null }: PetCardProps) {
  const headingId = useId();
  return (
    <article
      aria-labelledby={headingId}
      className="flex w-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md dark:border-slate-700 dark:bg-slate-900"
    >
      <div className="aspect-[4/3] w-full overflow-hidden bg-slate-100 dark:bg-slate-800">
        <CardPicture
          src={pet.petImage}
          alt={pet.petName}
          position={position}
          className="h-full w-full object-cover"
        />
      </div>
      <div className="flex flex-1 flex-col gap-1 p-4">
        <div className="flex items-start justify-between gap-2">
          <h2 id={headingId} className="text-lg font-semibold break-words">
            {pet.petName}
          </h2>
          <span className="shrink-0 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700 dark:bg-brand-900/40 dark:text-brand-200">
            {categoryLabel(pet.petCategory)}
          </span>
        </div>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          <span className="font-medium text-slate-800 dark:text-slate-100">Age:</span> {pet.petAge}
        </p>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          <span className="font-medium text-slate-800 dark:text-slate-100">Location:</span>{' '}
          {pet.petLocation}
          {pet.distanceKm !== undefined && (
            <span className="text-slate-500 dark:text-slate-400"> ({pet.distanceKm} km away)</span>
          )}
        </p>
        {pet.adoptionPending && (
          <p className="mt-1 w-fit rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-900/40 dark:text-amber-200">
            Adoption pending
          </p>
        )}
        <div className="mt-auto flex items-center justify-between gap-2 pt-3">
          <Link
            to={`/pets/${pet._id}`}
            aria-describedby={headingId}
            className={buttonClasses({ size: 'sm' })}
          >
            View Details
          </Link>
          {action}
        </div>
      </div>
    </article>
  );
}
