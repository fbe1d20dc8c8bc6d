// The router: guest routes, the signed-in shell with every route of the domain's table
// behind its read scope, the public status pages, and 404 for anything else. Only the
// guest layout is in the entry; the shell, the engine and every screen load on demand.

import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { Navigate, createBrowserRouter, redirect } from 'react-router';
import type { ScreenName } from '@field/domain';
import { APP_ROUTES, GUEST_ROUTES, PUBLIC_ROUTES } from '@field/domain';
import { Component as SignInScreen } from '../features/auth/screens/sign-in-screen';
import { RouteErrorScreen } from './error-screen';
import { GuestOnly, RequireScope, RequireUser } from './guards';
import { selectHome } from '../data/local-settings';
import { useSession } from '../data/session';
import { loadScreen } from './screens';
import { GuestLayout } from './shell/guest-layout';
import { SignedInArea } from './signed-in-area';

function lazyScreen(name: ScreenName): RouteObject['lazy'] {
  return async () => loadScreen(name);
}

/**
 * The sign-in screen is part of the entry: it is the first screen of every first visit, and
 * as a lazy chunk it was one more round trip before anything showed. The other guest
 * screens load on demand.
 */
const GUEST_SCREENS: Readonly<
  Record<(typeof GUEST_ROUTES)[number], Pick<RouteObject, 'Component' | 'lazy'>>
> = {
  '/': { Component: SignInScreen },
  '/login': { Component: SignInScreen },
  '/register': { lazy: () => import('../features/auth/screens/register-screen') },
  '/forgot-password': { lazy: () => import('../features/auth/screens/forgot-password-screen') },
  '/check-mail': { lazy: () => import('../features/auth/screens/check-mail-screen') },
  '/reset-password': { lazy: () => import('../features/auth/screens/reset-password-screen') },
  '/invitation': { lazy: () => import('../features/auth/screens/invitation-screen') },
};

/**
 * `?homeId=` on any signed-in address chooses that home, then the address is replaced without it,
 * before any screen or guard renders: a guard that sends the user to /unauthorized is never undone
 * by the parameter being stripped afterwards.
 */
/** The status pages sit in the shell for a signed-in user, on a plain page otherwise. */
function StatusLayout() {
  const { user } = useSession();
  return user === null ? <GuestLayout /> : <SignedInArea />;
}

function homeIdParameterLoader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const homeId = url.searchParams.get('homeId');
  if (homeId === null) return null;
  selectHome(homeId === '' ? null : homeId);
  url.searchParams.delete('homeId');
  return redirect(`${url.pathname}${url.search}${url.hash}`);
}

function buildRoutes(): RouteObject[] {
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
          children: GUEST_ROUTES.map((path) => ({ path, ...GUEST_SCREENS[path] })),
        },
        {
          element: (
            <RequireUser>
              <SignedInArea />
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
            {
              path: PUBLIC_ROUTES.verifyEmail,
              lazy: () => import('../features/auth/screens/verify-email-screen'),
            },
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
