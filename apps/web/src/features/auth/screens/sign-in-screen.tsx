// `/` and `/login`: email and password, the configured providers, and the ways to an
// account (unless registration is closed) or a new password. The guest guard then sends the user where they were going.
// The providers' buttons (and TanStack Query, which asks the server for them) load after the
// form has shown; they show nothing until the server has answered anyway.

import { Link as RouterLink, useLocation } from 'react-router';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { DEFAULT_LANDING_ROUTE } from '@field/domain';
import { useSession } from '../../../data/session';
import { lazyOrNothing } from '../../../ui/lazy-or-nothing';
import { AuthCard } from '../components/auth-card';
import { useRegistrationPolicy } from '../components/registration-policy';
import { SignInForm } from '../components/sign-in-form';

// Offline before the service worker holds their code, the form still works: no buttons.
const ProviderButtons = lazyOrNothing(
  () => import('../components/provider-buttons').then((m) => m.ProviderButtons),
  'The sign-in providers',
);

export function Component() {
  const { t } = useTranslation();
  const { setUser } = useSession();
  const registration = useRegistrationPolicy();
  const location = useLocation();
  const state: unknown = location.state;
  const from =
    typeof state === 'object' && state !== null && 'from' in state && typeof state.from === 'string'
      ? state.from
      : DEFAULT_LANDING_ROUTE;
  return (
    <AuthCard title={t('signIn.title')} intro={t('signIn.intro')}>
      <SignInForm onSignedIn={setUser} />
      <Suspense fallback={null}>
        <ProviderButtons onSignedIn={setUser} returnTo={from} />
      </Suspense>
      <Stack direction="row" sx={{ justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Link component={RouterLink} to="/forgot-password" state={state}>
          {t('signIn.forgot')}
        </Link>
        {registration?.mode !== 'closed' && (
          <Link component={RouterLink} to="/register" state={state}>
            {t('signIn.register')}
          </Link>
        )}
      </Stack>
    </AuthCard>
  );
}
