import type { QueryClient } from '@tanstack/react-query';
import { data, type Params } from 'react-router';
import { messages } from '@pet-haven/shared/messages';
import type { PageHead } from '@pet-haven/shared/ssr';
import { loadCampaign } from '@/features/campaigns/api/get-campaign';
import { loadCampaignList } from '@/features/campaigns/api/get-campaigns';
import { loadPet } from '@/features/pets/api/get-pet';
import { loadPetList } from '@/features/pets/api/get-pets';
import { petListFiltersFrom } from '@/features/pets/hooks/use-pet-list-params';
import { isApiError } from '@/lib/api-client';
import { categoryLabel } from '@/utils/category-label';
import type { ServerRenderedRouteId } from './router';

/**
 * What the server does for each page it renders (decision 021), used by entry-server.tsx only:
 * `prepare` puts the page's data into the request's query cache (the same queries the screen
 * reads, so it renders at once and the client does not fetch again), throws a 404 for a missing
 * or malformed id, and answers the page's head for search engines and link previews.
 */
interface ServerPage {
  prepare: (queryClient: QueryClient, params: Params, url: URL) => Promise<PageHead>;
  /** The status of the page itself (the 404 page). */
  status?: 404;
}

const SITE = 'Pet Haven';
const HOME_DESCRIPTION =
  'Pet Haven: find your perfect companion and give a loving home to a pet in need.';

/** A description for a preview: one line, at most about 200 characters. */
function summary(text: string, max = 200): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length <= max ? line : `${line.slice(0, max - 1).trimEnd()}…`;
}

/** The API refused the id (400: not an id at all) or has nothing under it (404): the 404 page. */
async function orNotFound<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (err) {
    if (isApiError(err) && (err.status === 404 || err.status === 400)) {
      throw data(null, { status: 404, statusText: 'Not Found' });
    }
    throw err;
  }
}

const idOf = (params: Params) => params.id ?? '';

/** The head of the 404 page, also for a details page whose id was missing or malformed. */
export const notFoundHead = (url: URL): PageHead => ({
  title: `${messages.notFound.title} | ${SITE}`,
  description: messages.notFound.text,
  canonicalPath: url.pathname,
  type: 'website',
  noindex: true,
});

export const serverPages: Record<ServerRenderedRouteId, ServerPage> = {
  landing: {
    prepare: async () => ({
      title: SITE,
      description: HOME_DESCRIPTION,
      canonicalPath: '/',
      type: 'website',
    }),
  },
  'pet-list': {
    prepare: async (queryClient, _params, url) => {
      const filters = petListFiltersFrom(url.searchParams);
      // a list the server refuses (a place id that is not in the gazetteer) is left to the
      // browser, which asks again and shows the list's failure message
      await loadPetList(queryClient, filters).catch((err: unknown) => {
        if (!isApiError(err) || err.status !== 400) throw err;
      });
      const { category } = filters;
      // a category is a page of its own; a name search is not
      return {
        title: `Pets looking for a home${category ? ` (${categoryLabel(category)})` : ''} | ${SITE}`,
        description: 'Search by name or pick a category, then open a pet to learn more.',
        canonicalPath: category ? `/petlist?category=${category}` : '/petlist',
        type: 'website',
      };
    },
  },
  'pet-details': {
    prepare: async (queryClient, params) => {
      const pet = await orNotFound(() => loadPet(queryClient, idOf(params)));
      return {
        title: `${pet.petName} | ${SITE}`,
        description: summary(pet.shortDescription),
        canonicalPath: `/pets/${pet._id}`,
        type: 'article',
        image: { url: pet.petImage, alt: pet.petName },
      };
    },
  },
  'donation-list': {
    prepare: async (queryClient) => {
      await loadCampaignList(queryClient);
      return {
        title: `Donation Campaigns | ${SITE}`,
        description: "Help pets in need: every donation goes to the pet's campaign.",
        canonicalPath: '/donation',
        type: 'website',
      };
    },
  },
  'donation-details': {
    prepare: async (queryClient, params) => {
      const campaign = await orNotFound(() => loadCampaign(queryClient, idOf(params)));
      return {
        title: `Help ${campaign.petName} | ${SITE}`,
        description: summary(campaign.shortDescription),
        canonicalPath: `/donation-details/${campaign._id}`,
        type: 'article',
        image: { url: campaign.petPicture, alt: campaign.petName },
      };
    },
  },
  'not-found': {
    prepare: async (_queryClient, _params, url) => notFoundHead(url),
    status: 404,
  },
};
