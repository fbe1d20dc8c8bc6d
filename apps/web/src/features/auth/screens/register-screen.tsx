// `/register`: a new account starts pending (`pending-user`, unapproved); its address is
// confirmed by a mailed link, then an administrator approves it; until then every screen
// says so. Closed registration shows what to do instead; limited, the domains allowed.

import type { FormEvent } from 'react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { MESSAGES } from '@field/domain';
import { ApiError } from '../../../api/client';
import { useSession } from '../../../data/session';
import { register } from '../../../data/session-api';
import { toast } from '../../../lib/toast';
import { AuthCard } from '../components/auth-card';
import { useRegistrationPolicy } from '../components/registration-policy';

const MIN_PASSWORD = 8;

export function Component() {
  const { t } = useTranslation();
  const { setUser } = useSession();
  const policy = useRegistrationPolicy();
  const [form, setForm] = useState({ firstName: '', lastName: '', email: '', password: '' });
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const short = form.password !== '' && form.password.length < MIN_PASSWORD;
  const field = (name: keyof typeof form) => ({
    value: form[name],
    onChange: (event: { target: { value: string } }) =>
      setForm((f) => ({ ...f, [name]: event.target.value })),
    disabled: pending,
    required: true,
    fullWidth: true,
  });

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    if (pending || short) return;
    setPending(true);
    setError(null);
    try {
      setUser(await register({ ...form, email: form.email.trim() }));
    } catch (caught) {
      toast(MESSAGES.registrationFailed, 'error');
      setError(caught instanceof ApiError ? caught.message : MESSAGES.unexpectedError);
      setPending(false);
    }
  }

  if (policy?.mode === 'closed') {
    return (
      <AuthCard title={t('register.title')}>
        <Alert severity="info" role="status">
          {t('register.closed')}
        </Alert>
        <Link component={RouterLink} to="/login">
          {t('register.haveAccount')}
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('register.title')} intro={t('register.intro')}>
      {policy?.mode === 'domains' && (
        <Alert severity="info">
          {t('register.domains', { domains: policy.domains.map((d) => `@${d}`).join(', ') })}
        </Alert>
      )}
      <form aria-label={t('register.title')} onSubmit={(event) => void submit(event)}>
        <Stack spacing={2}>
          {error !== null && (
            <Alert severity="error" role="alert">
              <AlertTitle>{MESSAGES.registrationFailed}</AlertTitle>
              {error}
            </Alert>
          )}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              label={t('register.firstName')}
              autoComplete="given-name"
              {...field('firstName')}
            />
            <TextField
              label={t('register.lastName')}
              autoComplete="family-name"
              {...field('lastName')}
            />
          </Stack>
          <TextField
            label={t('signIn.email')}
            type="email"
            autoComplete="email"
            {...field('email')}
          />
          <TextField
            label={t('signIn.password')}
            type="password"
            autoComplete="new-password"
            error={short}
            helperText={t('security.rules')}
            {...field('password')}
          />
          <Button type="submit" variant="contained" size="large" disabled={pending}>
            {t('register.submit')}
          </Button>
          <Link component={RouterLink} to="/login">
            {t('register.haveAccount')}
          </Link>
        </Stack>
      </form>
    </AuthCard>
  );
}
