import { messages } from '@pet-haven/shared/messages';
import { Button } from '@/components/ui/button';
import { ErrorText } from '@/components/ui/error-text';
import { SkeletonGrid } from '@/components/ui/skeleton';
import { useNearBottom } from '@/hooks/use-near-bottom';
import { useCampaignsInfinite } from '../api/get-campaigns';
import { CampaignCard } from './campaign-card';

const gridClasses = 'grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3';

/**
 * The public campaign list: a grid of 1 to 3 columns that loads the next page when the
 * window is scrolled to within 100 px of the bottom; the last (or an empty) page ends it.
 */
export function CampaignGrid() {
  const { query, items: campaigns } = useCampaignsInfinite();
  const { data, status, hasNextPage, isFetching, isFetchingNextPage, isFetchNextPageError } = query;
  const fetchNextPage = () => void query.fetchNextPage();

  useNearBottom(
    () => {
      // Scroll events that arrive before the next render still see isFetchingNextPage false:
      // cancelRefetch: false makes them no-ops instead of cancelling and re-asking the same page.
      if (hasNextPage && !isFetchingNextPage) void query.fetchNextPage({ cancelRefetch: false });
    },
    {
      // While any page is being fetched (the next one, or the list again in the background, as
      // after sign-in) fetchNextPage would be a no-op and the scroll lost: wait, and look again
      // when the fetch ends (enabled turns true).
      enabled: status === 'success' && hasNextPage && !isFetching && !isFetchNextPageError,
      deps: [data?.pages.length],
    },
  );

  if (status === 'pending')
    return <SkeletonGrid count={6} label="Loading campaigns" className={gridClasses} />;
  if (status === 'error')
    return <ErrorText className="text-base">{messages.campaigns.listFailed}</ErrorText>;

  return (
    <div className="flex flex-col gap-8">
      {campaigns.length > 0 && (
        <ul className={gridClasses} aria-label="Donation campaigns">
          {campaigns.map((c, i) => (
            <li key={c._id} className="flex">
              <CampaignCard campaign={c} position={i} />
            </li>
          ))}
        </ul>
      )}
      {isFetchingNextPage && (
        <SkeletonGrid count={3} label="Loading more campaigns" className={gridClasses} />
      )}
      {isFetchNextPageError && (
        <div className="flex flex-col items-center gap-3">
          <ErrorText className="text-base">{messages.campaigns.listFailed}</ErrorText>
          <Button variant="secondary" onClick={fetchNextPage}>
            Try again
          </Button>
        </div>
      )}
      {!hasNextPage && (
        <p className="text-center text-slate-600 dark:text-slate-300" role="status">
          {messages.campaigns.noMore}
        </p>
      )}
    </div>
  );
}
