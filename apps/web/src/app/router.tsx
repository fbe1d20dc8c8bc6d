// The router: guest routes, the signed-in shell with every route of the domain's table
// behind its read scope, the public status pages, and 404 for anything else.

import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { Navigate, createBrowserRouter, redirect } from 'react-router';
import type { ScreenName } from '@field/domain';
import { APP_ROUTES, GUEST_ROUTES, PUBLIC_ROUTES } from '@field/domain';
import { RouteErrorScreen } from './error-screen';
import { GuestOnly, RequireScope, RequireUser } from './guards';
import { selectHome } from '../data/local-settings';
import { loadScreen } from './screens';
import { GuestLayout } from './shell/guest-layout';
import { ShellLayout, StatusLayout } from './shell/shell-layout';

function lazyScreen(name: ScreenName): RouteObject['lazy'] {
  return async () => loadScreen(name);
}

const GUEST_SCREENS: Readonly<Record<(typeof GUEST_ROUTES)[number], RouteObject['lazy']>> = {
  '/': () => import('../features/auth/screens/sign-in-screen'),
  '/login': () => import('../features/auth/screens/sign-in-screen'),
  '/register': () => import('../features/auth/screens/register-screen'),
  '/forgot-password': () => import('../features/auth/screens/forgot-password-screen'),
  '/check-mail': () => import('../features/auth/screens/check-mail-screen'),
  '/reset-password': () => import('../features/auth/screens/reset-password-screen'),
};

/**
 * `?homeId=` on any signed-in address chooses that home (section 4), then the address is
 * replaced without it, before any screen or guard renders: a guard that sends the user to
 * /unauthorized is never undone by the parameter being stripped afterwards.
 */
export function homeIdParameterLoader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const homeId = url.searchParams.get('homeId');
  if (homeId === null) return null;
  selectHome(homeId === '' ? null : homeId);
  url.searchParams.delete('homeId');
  return redirect(`${url.pathname}${url.search}${url.hash}`);
}

export function buildRoutes(): RouteObject[] {
  return [
    {
      errorElement: <RouteErrorScreen />,
      children: [
        {
          element: (
            <GuestOnly>
              <GuestLayout />
            </GuestOnly>
          ),
          children: GUEST_ROUTES.map((path) => ({ path, lazy: GUEST_SCREENS[path] })),
        },
        {
          element: (
            <RequireUser>
              <ShellLayout />
            </RequireUser>
          ),
          loader: homeIdParameterLoader,
          hydrateFallbackElement: null,
          errorElement: <RouteErrorScreen />,
          children: APP_ROUTES.map((route) => ({
            path: route.path,
            element: <RequireScope route={route} />,
            children: [{ index: true, lazy: lazyScreen(route.screen) }],
          })),
        },
        {
          element: <StatusLayout />,
          children: [
            { path: PUBLIC_ROUTES.unauthorized, lazy: lazyScreen('unauthorized') },
            { path: PUBLIC_ROUTES.notFound, lazy: lazyScreen('notFound') },
            { path: PUBLIC_ROUTES.serverError, lazy: lazyScreen('serverError') },
            { path: PUBLIC_ROUTES.underConstruction, lazy: lazyScreen('underConstruction') },
          ],
        },
        { path: '*', element: <Navigate to={PUBLIC_ROUTES.notFound} replace /> },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(buildRoutes());
}
