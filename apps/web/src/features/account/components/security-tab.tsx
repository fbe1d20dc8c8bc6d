// Change password: the current password first (reauthentication), then the new one twice.
// The server ends every other session; this device gets a fresh token and stays signed in.

import type { FormEvent } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { MESSAGES, accessTokenAnswerSchema } from '@field/domain';
import { apiClient } from '../../../api/client';
import { SignInMethods } from './sign-in-methods';
import { NewPasswordFields, passwordsDiffer } from '../../../ui/new-password-fields';

const CHANGE_PASSWORD_PATH = '/api/auth/change-password';

export function SecurityTab() {
  const { t } = useTranslation();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const mismatch = passwordsDiffer(next, repeat);
  const change = useMutation({
    mutationFn: () =>
      apiClient.post(
        CHANGE_PASSWORD_PATH,
        { currentPassword: current, newPassword: next },
        accessTokenAnswerSchema,
      ),
    onSuccess: ({ accessToken }) => {
      apiClient.setToken(accessToken);
      setCurrent('');
      setNext('');
      setRepeat('');
    },
    retry: false,
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!mismatch && current !== '' && next !== '') change.mutate();
  };
  return (
    <>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 520 }}>
        <form onSubmit={submit} aria-labelledby="change-password-title">
          <Stack spacing={2}>
            <Typography id="change-password-title" variant="h2">
              {t('security.title')}
            </Typography>
            {change.isSuccess && <Alert severity="success">{t('security.changed')}</Alert>}
            {change.isError && (
              <Alert severity="error" role="alert">
                <AlertTitle>{MESSAGES.changePasswordFailed}</AlertTitle>
                {change.error.message}
              </Alert>
            )}
            <TextField
              label={t('security.current')}
              type="password"
              autoComplete="current-password"
              required
              value={current}
              onChange={(event) => setCurrent(event.target.value)}
            />
            <NewPasswordFields
              password={next}
              repeat={repeat}
              onPassword={setNext}
              onRepeat={setRepeat}
            />
            <Button type="submit" variant="contained" disabled={change.isPending || mismatch}>
              {t('security.submit')}
            </Button>
          </Stack>
        </form>
      </Paper>
      <SignInMethods />
    </>
  );
}
