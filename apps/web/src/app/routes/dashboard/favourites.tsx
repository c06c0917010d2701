import { DashboardTab } from '@/components/layouts/dashboard-tab';
import { FavouritesList } from '@/features/favourites/components/favourites-list';

/** /dashboard/favourites: the pets the user saved with the heart. */
export function Component() {
  return (
    <DashboardTab
      title="Favourites"
      description="The pets you saved, and where each one stands now."
    >
      <FavouritesList />
    </DashboardTab>
  );
}
