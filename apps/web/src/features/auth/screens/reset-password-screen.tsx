// `/reset-password?token=`: the link from the reset mail. A new password twice; every
// session of the account ends, and the user signs in with the new one.

import type { FormEvent } from 'react';
import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { MESSAGES } from '@field/domain';
import { ApiError } from '../../../api/client';
import { resetPassword } from '../../../data/session-api';
import { NewPasswordFields, passwordsDiffer } from '../../../ui/new-password-fields';
import { AuthCard } from '../components/auth-card';

export function Component() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [state, setState] = useState<'idle' | 'pending' | 'done'>('idle');
  const [error, setError] = useState<string | null>(null);
  const mismatch = passwordsDiffer(password, repeat);

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    if (mismatch) return;
    setState('pending');
    setError(null);
    try {
      await resetPassword(token, password);
      setState('done');
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : MESSAGES.unexpectedError);
      setState('idle');
    }
  }

  if (token === '') {
    return (
      <AuthCard title={t('reset.title')}>
        <Alert severity="error">{MESSAGES.resetLinkInvalid}</Alert>
        <Link component={RouterLink} to="/forgot-password">
          {t('reset.again')}
        </Link>
      </AuthCard>
    );
  }
  if (state === 'done') {
    return (
      <AuthCard title={t('reset.title')}>
        <Alert severity="success">{t('reset.done')}</Alert>
        <Button component={RouterLink} to="/login" variant="contained">
          {t('signIn.submit')}
        </Button>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('reset.title')} intro={t('reset.intro')}>
      <form aria-label={t('reset.title')} onSubmit={(event) => void submit(event)}>
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
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={state === 'pending' || mismatch}
          >
            {t('reset.submit')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
