import { lazy } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import SignInPage from '../features/auth/SignInPage';
import { Guard } from './Guard';
import { LandingRedirect } from './LandingRedirect';
import { NotFoundPage } from './NotFoundPage';
import { RootShell } from './RootShell';

// Everything but sign-in loads on demand, the protected shell included: the sign-in screen has a
// JavaScript budget (scripts/bundle-budget.mjs reads these lazy imports to measure each route).
const Layout = lazy(() => import('./layout/Layout').then((m) => ({ default: m.Layout })));
const ProfilePage = lazy(() => import('../features/profile/ProfilePage'));
const CguPage = lazy(() => import('../features/public/CguPage'));
const ClientTypesPage = lazy(() => import('../features/classification/ClientTypesPage'));
const CircuitsPage = lazy(() => import('../features/classification/CircuitsPage'));
const ActivitiesPage = lazy(() => import('../features/classification/ActivitiesPage'));
const CategoriesPage = lazy(() => import('../features/classification/CategoriesPage'));

/** Routes of spec 1 §2. A new screen also goes into IMPLEMENTED_PATHS (routes.tsx). */
export const router = createBrowserRouter([
  {
    element: <RootShell />,
    children: [
      { path: '/', element: <SignInPage /> },
      { path: '/cgu_cgv', element: <CguPage /> },
      {
        path: '/layout',
        element: (
          <Guard>
            <Layout />
          </Guard>
        ),
        children: [
          { index: true, element: <LandingRedirect /> },
          { path: 'settings/profile', element: <ProfilePage /> },
          { path: 'settings/type-client', element: <ClientTypesPage /> },
          { path: 'settings/circuit-client', element: <CircuitsPage /> },
          { path: 'settings/activity-client', element: <ActivitiesPage /> },
          { path: 'settings/category-client', element: <CategoriesPage /> },
          { path: '*', element: <NotFoundPage />, handle: { title: 'Page introuvable' } },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
]);
