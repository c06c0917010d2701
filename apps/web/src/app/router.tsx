import { createBrowserRouter, type RouteObject } from 'react-router';
import { FullPageSkeleton } from '@/components/ui/skeleton';
import { RequireAdmin, RequireAuth } from '@/features/auth/components/route-guards';

/**
 * The spec's route table (section 2). Every screen is a lazy route module under ./routes
 * exporting `Component`; guards are layout routes.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    lazy: () => import('./routes/root-layout'),
    // shown while the first route modules load
    HydrateFallback: FullPageSkeleton,
    children: [
      { index: true, lazy: () => import('./routes/landing') },
      { path: 'login', lazy: () => import('./routes/login') },
      { path: 'register', lazy: () => import('./routes/register') },
      { path: 'petlist', lazy: () => import('./routes/pet-list') },
      { path: 'donation', lazy: () => import('./routes/donation-list') },
      {
        element: <RequireAuth />,
        children: [
          { path: 'add-pet', lazy: () => import('./routes/add-pet') },
          { path: 'update-pet/:id', lazy: () => import('./routes/update-pet') },
          { path: 'donation/:id', lazy: () => import('./routes/edit-campaign') },
          { path: 'pets/:id', lazy: () => import('./routes/pet-details') },
          { path: 'donation-details/:id', lazy: () => import('./routes/donation-details') },
          {
            path: 'dashboard',
            lazy: () => import('./routes/dashboard/layout'),
            children: [
              { index: true, lazy: () => import('./routes/dashboard/add-pet') },
              { path: 'my-added-pets', lazy: () => import('./routes/dashboard/my-added-pets') },
              {
                path: 'adoption-requests',
                lazy: () => import('./routes/dashboard/adoption-requests'),
              },
              {
                path: 'my-adoption-requests',
                lazy: () => import('./routes/dashboard/my-adoption-requests'),
              },
              {
                path: 'create-donation-campaigns',
                lazy: () => import('./routes/dashboard/create-campaign'),
              },
              {
                path: 'my-donation-campaigns',
                lazy: () => import('./routes/dashboard/my-campaigns'),
              },
              { path: 'payment', lazy: () => import('./routes/dashboard/my-donations') },
              {
                element: <RequireAdmin />,
                children: [
                  { path: 'all-users', lazy: () => import('./routes/dashboard/all-users') },
                  { path: 'all-pets', lazy: () => import('./routes/dashboard/all-pets') },
                  { path: 'all-donations', lazy: () => import('./routes/dashboard/all-donations') },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', lazy: () => import('./routes/not-found') },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
