// `/verify-email?token=`: the link mailed at registration. Opening it confirms the address
// (signed in or not); an admin can then approve the account. A used or expired link says so,
// and a signed-in user can ask for a new one.

import { useEffect, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import { MESSAGES } from '@field/domain';
import { ApiError } from '../../../api/client';
import { useSession } from '../../../data/session';
import { resendVerification, verifyEmail } from '../../../data/session-api';
import { AuthCard } from '../components/auth-card';

type Outcome = 'pending' | 'verified' | 'resent' | { error: string };

/**
 * One verification per token for the page's life: the screen mounts again when the session
 * check answers, and a second call with the same token would find it used and say the
 * link is invalid.
 */
const verifications = new Map<string, Promise<void>>();

function verifyOnce(token: string): Promise<void> {
  let pending = verifications.get(token);
  if (pending === undefined) {
    pending = verifyEmail(token);
    verifications.set(token, pending);
  }
  return pending;
}

export function Component() {
  const { t } = useTranslation();
  const { user } = useSession();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [outcome, setOutcome] = useState<Outcome>(
    token === '' ? { error: MESSAGES.verifyLinkInvalid } : 'pending',
  );

  useEffect(() => {
    if (token === '') return;
    let live = true;
    verifyOnce(token).then(
      () => live && setOutcome('verified'),
      (caught: unknown) =>
        live &&
        setOutcome({
          error: caught instanceof ApiError ? caught.message : MESSAGES.unexpectedError,
        }),
    );
    return () => {
      live = false;
    };
  }, [token]);

  const resend = () =>
    resendVerification().then(
      () => setOutcome('resent'),
      () => setOutcome({ error: MESSAGES.unexpectedError }),
    );

  return (
    <AuthCard title={t('verify.title')}>
      {outcome === 'pending' && <LinearProgress aria-label={t('app.loading')} />}
      {outcome === 'verified' && (
        <Alert severity="success" role="status">
          {t('verify.done')}
        </Alert>
      )}
      {outcome === 'resent' && (
        <Alert severity="info" role="status">
          {t('verify.resent')}
        </Alert>
      )}
      {typeof outcome === 'object' && (
        <Alert severity="error" role="alert">
          {outcome.error}
        </Alert>
      )}
      {typeof outcome === 'object' && user !== null && (
        <Button variant="outlined" onClick={() => void resend()}>
          {t('verify.resend')}
        </Button>
      )}
      <Button component={RouterLink} to={user === null ? '/login' : '/'} variant="contained">
        {user === null ? t('signIn.submit') : t('errors.home')}
      </Button>
    </AuthCard>
  );
}
