// `/forgot-password`: asks for a reset mail. The answer is the same whether or not the
// address has an account, so it never tells who has one.

import type { FormEvent } from 'react';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { MESSAGES } from '@field/domain';
import { requestPasswordReset } from '../../../data/session-api';
import { toast } from '../../../lib/toast';
import { AuthCard } from '../components/auth-card';

export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    setPending(true);
    try {
      await requestPasswordReset(email.trim());
      await navigate('/check-mail', { state: { email: email.trim() } });
    } catch {
      toast(MESSAGES.resetMailFailed, 'error');
      setPending(false);
    }
  }

  return (
    <AuthCard title={t('forgot.title')} intro={t('forgot.intro')}>
      <form aria-label={t('forgot.title')} onSubmit={(event) => void submit(event)}>
        <Stack spacing={2}>
          <TextField
            label={t('signIn.email')}
            type="email"
            autoComplete="email"
            required
            fullWidth
            value={email}
            disabled={pending}
            onChange={(event) => setEmail(event.target.value)}
          />
          <Button type="submit" variant="contained" size="large" disabled={pending}>
            {t('forgot.submit')}
          </Button>
          <Link component={RouterLink} to="/login">
            {t('forgot.back')}
          </Link>
        </Stack>
      </form>
    </AuthCard>
  );
}
