// Route guards (docs/product.md, Screens and routes): guest-only routes send a signed-in user on;
// the shell needs a user (else /login with the return location); each route needs its read scope
// (else /unauthorized), and in presentation mode a work-only route gives way to the nearest
// customer-facing screen, also when the mode is switched on while it is open.

import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import type { AppRoute } from '@field/domain';
import {
  DEFAULT_LANDING_ROUTE,
  PUBLIC_ROUTES,
  canOpenRoute,
  presentationTarget,
} from '@field/domain';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useLocalSetting } from '../data/local-settings';
import { useSession } from '../data/session';

interface ReturnState {
  from?: string;
}

function returnLocation(state: unknown): string {
  if (typeof state === 'object' && state !== null && 'from' in state) {
    const from = (state as ReturnState).from; // Safe: checked that the key exists.
    if (typeof from === 'string' && from.startsWith('/') && !from.startsWith('//')) return from;
  }
  return DEFAULT_LANDING_ROUTE;
}

/** Shown while the session is restored from the refresh cookie ("Loading User Permissions"). */
export function LoadingPermissions() {
  const { t } = useTranslation();
  return (
    <Box role="status" sx={{ display: 'grid', placeItems: 'center', minHeight: '60vh', gap: 2 }}>
      <Box sx={{ textAlign: 'center' }}>
        <CircularProgress aria-hidden />
        <Typography sx={{ mt: 2 }}>{t('app.loadingPermissions')}</Typography>
      </Box>
    </Box>
  );
}

/**
 * A guest screen shows at once, while the session is still being restored: on a slow
 * network the form is there a round trip sooner, and a sign-in sent meanwhile waits for the
 * restore to end (data/session-api.ts). A restored user is then sent on.
 */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { user, status } = useSession();
  const location = useLocation();
  if (status === 'ready' && user !== null) {
    return <Navigate to={returnLocation(location.state)} replace />;
  }
  return children;
}

export function RequireUser({ children }: { children: ReactNode }) {
  const { user, status, signedOut } = useSession();
  const location = useLocation();
  if (status === 'restoring') return <LoadingPermissions />;
  // After Logout the app goes to /login and the next sign-in starts afresh.
  if (user === null && signedOut) return <Navigate to="/login" replace />;
  if (user === null) {
    const state: ReturnState = { from: `${location.pathname}${location.search}${location.hash}` };
    return <Navigate to="/login" replace state={state} />;
  }
  return children;
}

export function RequireScope({ route, children }: { route: AppRoute; children?: ReactNode }) {
  const { access } = useSession();
  const mode = useLocalSetting((settings) => settings.mode);
  if (access === null || !canOpenRoute(route, access)) {
    return <Navigate to={PUBLIC_ROUTES.unauthorized} replace />;
  }
  const target = mode === 'presentation' ? presentationTarget(route.path, access) : undefined;
  if (target !== undefined) return <Navigate to={target} replace />;
  return children ?? <Outlet />;
}
