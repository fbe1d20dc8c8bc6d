// `/` and `/login`: email and password, the configured providers, and the ways to an
// account or a new password. The guest guard then sends the user where they were going.

import { Link as RouterLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { DEFAULT_LANDING_ROUTE } from '@field/domain';
import { useSession } from '../../../data/session';
import { AuthCard } from '../components/auth-card';
import { ProviderButtons } from '../components/provider-buttons';
import { SignInForm } from '../components/sign-in-form';

export function Component() {
  const { t } = useTranslation();
  const { setUser } = useSession();
  const location = useLocation();
  const state: unknown = location.state;
  const from =
    typeof state === 'object' && state !== null && 'from' in state && typeof state.from === 'string'
      ? state.from
      : DEFAULT_LANDING_ROUTE;
  return (
    <AuthCard title={t('signIn.title')} intro={t('signIn.intro')}>
      <SignInForm onSignedIn={setUser} />
      <ProviderButtons onSignedIn={setUser} returnTo={from} />
      <Stack direction="row" sx={{ justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Link component={RouterLink} to="/forgot-password" state={state}>
          {t('signIn.forgot')}
        </Link>
        <Link component={RouterLink} to="/register" state={state}>
          {t('signIn.register')}
        </Link>
      </Stack>
    </AuthCard>
  );
}
