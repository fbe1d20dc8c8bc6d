// `/invitation?token=`: the link of an admin's invitation. It greets the person it is for,
// lets them choose a password (or sign in with a configured provider), and signs them in:
// the guest guard then lands them on their homes. A used or expired link says so and how on.

import type { FormEvent } from 'react';
import { Suspense, useEffect, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DEFAULT_LANDING_ROUTE, MESSAGES } from '@field/domain';
import { ApiError } from '../../../api/client';
import { useSession } from '../../../data/session';
import { acceptInvitation, invitationOf } from '../../../data/session-api';
import { lazyOrNothing } from '../../../ui/lazy-or-nothing';
import { NewPasswordFields, passwordsDiffer } from '../../../ui/new-password-fields';
import { AuthCard } from '../components/auth-card';

const ProviderButtons = lazyOrNothing(
  () => import('../components/provider-buttons').then((m) => m.ProviderButtons),
  'The sign-in providers',
);

type Invitee = { email: string; firstName: string } | { error: string } | null;

const messageOf = (caught: unknown) =>
  caught instanceof ApiError ? caught.message : MESSAGES.unexpectedError;

export function Component() {
  const { t } = useTranslation();
  const { setUser } = useSession();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [invitee, setInvitee] = useState<Invitee>(null);
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const mismatch = passwordsDiffer(password, repeat);

  useEffect(() => {
    if (token === '') return;
    let live = true;
    invitationOf(token).then(
      (who) => live && setInvitee(who),
      (caught: unknown) => live && setInvitee({ error: messageOf(caught) }),
    );
    return () => {
      live = false;
    };
  }, [token]);

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    if (mismatch || pending) return;
    setPending(true);
    setError(null);
    try {
      setUser(await acceptInvitation(token, password));
    } catch (caught) {
      setError(messageOf(caught));
      setPending(false);
    }
  }

  if (token === '' || (invitee !== null && 'error' in invitee)) {
    return (
      <AuthCard title={t('invitation.title')}>
        <Alert severity="error" role="alert">
          {invitee !== null && 'error' in invitee ? invitee.error : MESSAGES.invitationInvalid}
        </Alert>
        <Stack direction="row" sx={{ justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
          <Link component={RouterLink} to="/login">
            {t('signIn.submit')}
          </Link>
          <Link component={RouterLink} to="/forgot-password">
            {t('signIn.forgot')}
          </Link>
        </Stack>
      </AuthCard>
    );
  }
  if (invitee === null) {
    return (
      <AuthCard title={t('invitation.title')}>
        <LinearProgress aria-label={t('app.loading')} />
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title={t('invitation.welcome', { name: invitee.firstName })}
      intro={t('invitation.intro')}
    >
      <Typography sx={{ overflowWrap: 'anywhere' }}>
        {t('invitation.account')} <strong>{invitee.email}</strong>
      </Typography>
      <form aria-label={t('invitation.title')} onSubmit={(event) => void submit(event)}>
        <Stack spacing={2}>
          {error !== null && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
          <NewPasswordFields
            password={password}
            repeat={repeat}
            onPassword={setPassword}
            onRepeat={setRepeat}
          />
          <Button type="submit" variant="contained" size="large" disabled={pending || mismatch}>
            {t('invitation.submit')}
          </Button>
        </Stack>
      </form>
      <Suspense fallback={null}>
        <ProviderButtons onSignedIn={setUser} returnTo={DEFAULT_LANDING_ROUTE} />
      </Suspense>
    </AuthCard>
  );
}
