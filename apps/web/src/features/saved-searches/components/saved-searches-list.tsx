import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import {
  SAVED_SEARCH_NAME_MAX,
  savedSearchBodySchema,
  type SavedSearch,
} from '@pet-haven/shared/saved-searches';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorText } from '@/components/ui/error-text';
import { Input } from '@/components/ui/input';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { useDeleteSavedSearch } from '../api/delete-saved-search';
import { useSavedSearches } from '../api/get-saved-searches';
import { useUpdateSavedSearch } from '../api/update-saved-search';
import { describeFilters } from './describe-filters';

const nameSchema = savedSearchBodySchema.shape.name;

/** One saved search: its link, its filters in words, alerts on or off, rename, delete. */
function SavedSearchRow({ search }: { search: SavedSearch }) {
  const update = useUpdateSavedSearch();
  const remove = useDeleteSavedSearch();
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(search.name);
  const [nameError, setNameError] = useState<string | undefined>();
  const inputId = `saved-search-name-${search.id}`;
  // the box shows the change at once (set in the same event, so React does not put it back),
  // while it is saved and the list read again
  const [alertsChosen, setAlertsChosen] = useState<boolean | null>(null);
  const alertsShown = alertsChosen ?? search.alerts;

  async function rename() {
    const parsed = nameSchema.safeParse(name);
    if (!parsed.success) {
      setNameError(parsed.error.issues[0]?.message);
      return;
    }
    try {
      await update.mutateAsync({ id: search.id, name: parsed.data });
      setRenaming(false);
      setNameError(undefined);
    } catch (err) {
      setNameError(errorMessage(err, 'The search could not be renamed. Please try again.'));
    }
  }

  return (
    <li className="flex flex-col gap-2 rounded-xl border border-slate-200 p-4 dark:border-slate-700">
      {renaming ? (
        <form
          noValidate
          className="flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            void rename();
          }}
        >
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <label htmlFor={inputId} className="text-sm font-medium">
              New name
            </label>
            <Input
              id={inputId}
              value={name}
              maxLength={SAVED_SEARCH_NAME_MAX}
              aria-invalid={nameError ? true : undefined}
              aria-describedby={nameError ? `${inputId}-error` : undefined}
              onChange={(e) => setName(e.target.value)}
              autoFocus
            />
          </div>
          <Button type="submit" size="sm" loading={update.isPending}>
            Save name
          </Button>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => {
              setRenaming(false);
              setName(search.name);
              setNameError(undefined);
            }}
          >
            Cancel
          </Button>
          <ErrorText id={`${inputId}-error`} className="w-full">
            {nameError}
          </ErrorText>
        </form>
      ) : (
        <Link
          to={`/petlist${search.query ? `?${search.query}` : ''}`}
          className="font-semibold break-words text-brand-700 underline-offset-2 hover:underline dark:text-accent-300"
        >
          {search.name}
        </Link>
      )}
      <p className="text-sm break-words text-slate-600 dark:text-slate-300">
        {describeFilters(search.query)}
      </p>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="size-4 accent-brand-600"
            aria-label={`E-mail me new matches for ${search.name}`}
            checked={alertsShown}
            // not disabled while saving: that would take the focus away from the box
            aria-disabled={update.isPending}
            onChange={(e) => {
              if (update.isPending) return;
              const alerts = e.target.checked;
              setAlertsChosen(alerts);
              update.mutate(
                { id: search.id, alerts },
                {
                  onError: (err) =>
                    toast.error(errorMessage(err, 'The change could not be saved.')),
                  onSettled: () => setAlertsChosen(null),
                },
              );
            }}
          />
          E-mail me new matches
        </label>
        {!renaming && (
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Rename ${search.name}`}
            onClick={() => setRenaming(true)}
          >
            Rename
          </Button>
        )}
        <ConfirmDialog
          title={`Delete the saved search "${search.name}"?`}
          description="Its alerts stop. The pets it found are not affected."
          confirmLabel="Delete"
          onConfirm={async () => {
            try {
              await remove.mutateAsync(search.id);
            } catch (err) {
              toast.error(errorMessage(err, 'The search could not be deleted.'));
            }
          }}
          trigger={
            <Button
              variant="ghost"
              size="sm"
              aria-label={`Delete ${search.name}`}
              loading={remove.isPending}
            >
              Delete
            </Button>
          }
        />
      </div>
    </li>
  );
}

/** The profile's saved searches: each links to /petlist with its filters. */
export function SavedSearchesList() {
  const { query } = useSavedSearches();
  if (query.isPending) {
    return (
      <div role="status" aria-label="Loading your saved searches" className="space-y-3">
        <Skeleton className="h-20 w-full" />
        <Skeleton className="h-20 w-full" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <LoadError
        message="Failed to load your saved searches."
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (query.data.items.length === 0) {
    return (
      <EmptyState
        title="No saved searches yet."
        description="Choose filters on the pet list, then press Save this search to hear of new matches."
        link={{ to: '/petlist', label: 'Find a pet' }}
      />
    );
  }
  return (
    <ul className="space-y-3" aria-label="Saved searches">
      {query.data.items.map((s) => (
        <SavedSearchRow key={s.id} search={s} />
      ))}
    </ul>
  );
}
