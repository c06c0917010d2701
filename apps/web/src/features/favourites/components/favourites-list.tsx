import type { Favourite } from '@pet-haven/shared/favourites';
import { responsiveImage } from '@pet-haven/shared/images';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { Pagination } from '@/components/ui/pagination';
import { Skeleton } from '@/components/ui/skeleton';
import { useFavourites, useToggleFavourite } from '../api/favourites';

const statusText: Record<Favourite['status'], string> = {
  available: 'Looking for a home',
  adopted: 'Adopted',
  deleted: 'No longer listed',
};

/** /dashboard/favourites: the saved pets, each as it is now; adopted or deleted ones say so. */
export function FavouritesList() {
  const { query, pager } = useFavourites();
  const remove = useToggleFavourite();
  if (query.isPending) {
    return (
      <div
        role="status"
        aria-label="Loading your favourites"
        className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
      >
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-48 w-full" />
        ))}
      </div>
    );
  }
  if (query.isError) {
    return (
      <LoadError message="Failed to load your favourites." onRetry={() => void query.refetch()} />
    );
  }
  const items = query.data.items;
  if (items.length === 0) {
    return (
      <EmptyState
        title="No favourites yet."
        description="Press the heart on a pet to keep it here."
        link={{ to: '/petlist', label: 'Find a pet' }}
      />
    );
  }
  return (
    <div className="space-y-6">
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {items.map((f) => (
          <li
            key={f._id}
            className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900"
          >
            <div className="aspect-[4/3] bg-slate-100 dark:bg-slate-800">
              {f.petImage && (
                <img
                  {...responsiveImage(f.petImage, '(min-width: 1024px) 30vw, 100vw')}
                  alt={f.petName}
                  loading="lazy"
                  className="h-full w-full object-cover"
                />
              )}
            </div>
            <div className="flex flex-1 flex-col gap-2 p-4">
              <h3 className="text-lg font-semibold">{f.petName}</h3>
              <p className="text-sm text-slate-600 dark:text-slate-300">{statusText[f.status]}</p>
              <div className="mt-auto flex flex-wrap items-center gap-3 pt-2">
                {f.petId && f.status !== 'deleted' && (
                  <Link
                    to={`/pets/${f.petId}`}
                    className="text-sm font-semibold text-brand-700 underline-offset-2 hover:underline dark:text-accent-300"
                  >
                    View {f.petName}
                  </Link>
                )}
                <Button
                  variant="ghost"
                  size="sm"
                  loading={remove.isPending && remove.variables?.petId === (f.petId ?? f._id)}
                  // a pet no longer listed has no id left: its favourite is removed by its own
                  onClick={() => remove.mutate({ petId: f.petId ?? f._id, save: false })}
                >
                  Remove<span className="sr-only"> {f.petName} from favourites</span>
                </Button>
              </div>
            </div>
          </li>
        ))}
      </ul>
      <Pagination {...pager} label="Favourites pages" />
    </div>
  );
}
