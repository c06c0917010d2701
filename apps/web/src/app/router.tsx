import { type RouteObject } from 'react-router';
import { RequireAdmin, RequireAuth } from '@/features/auth/components/route-guards';
import { Component as RootLayout } from './routes/root-layout';

/**
 * The routes the server renders for visitors (decision 021; entry-server.tsx loads their data).
 * Their pages, with the pet and campaign details, are public: Adopt and Donate Now send a visitor
 * to /login and back (a deliberate difference from the spec, docs/spec-coverage.md).
 */
export const serverRenderedRouteIds = [
  'landing',
  'pet-list',
  'pet-details',
  'donation-list',
  'donation-details',
  'not-found',
] as const;
export type ServerRenderedRouteId = (typeof serverRenderedRouteIds)[number];

/**
 * The spec's route table (section 2), the one both sides use (decision 023): the server renders
 * the public pages with React Router's data APIs (entry-server.tsx), the browser routes with its
 * declarative API from the same table (client-routes.tsx). Every screen is a lazy route module
 * under ./routes exporting `Component` (the root layout, on every page, is imported with the table); a details page the server answers 404 shows the 404 page;
 * guards are layout routes.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    // every page shows it: part of the entry, not a module of its own to fetch after it
    Component: RootLayout,
    children: [
      { id: 'landing', index: true, lazy: () => import('./routes/landing') },
      { path: 'login', lazy: () => import('./routes/login') },
      { path: 'register', lazy: () => import('./routes/register') },
      { path: 'forgot-password', lazy: () => import('./routes/forgot-password') },
      { path: 'reset-password', lazy: () => import('./routes/reset-password') },
      { path: 'email-verified', lazy: () => import('./routes/email-verified') },
      { path: 'unsubscribe', lazy: () => import('./routes/unsubscribe') },
      { id: 'pet-list', path: 'petlist', lazy: () => import('./routes/pet-list') },
      { id: 'donation-list', path: 'donation', lazy: () => import('./routes/donation-list') },
      { id: 'pet-details', path: 'pets/:id', lazy: () => import('./routes/pet-details') },
      {
        id: 'donation-details',
        path: 'donation-details/:id',
        lazy: () => import('./routes/donation-details'),
      },
      {
        element: <RequireAuth />,
        children: [
          { path: 'add-pet', lazy: () => import('./routes/add-pet') },
          { path: 'delete-account', lazy: () => import('./routes/delete-account') },
          { path: 'update-pet/:id', lazy: () => import('./routes/update-pet') },
          { path: 'donation/:id', lazy: () => import('./routes/edit-campaign') },
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
              { path: 'profile', lazy: () => import('./routes/dashboard/profile') },
              { path: 'favourites', lazy: () => import('./routes/dashboard/favourites') },
              { path: 'receipts/:id', lazy: () => import('./routes/dashboard/receipt') },
              {
                path: 'adoption/:id',
                lazy: () => import('./routes/dashboard/adoption-request'),
              },
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
      { id: 'not-found', path: '*', lazy: () => import('./routes/not-found') },
    ],
  },
];
