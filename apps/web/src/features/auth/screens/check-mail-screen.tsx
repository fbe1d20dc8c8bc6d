// `/check-mail`: after asking for a reset link.

import { Link as RouterLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { AuthCard } from '../components/auth-card';

export function Component() {
  const { t } = useTranslation();
  const state: unknown = useLocation().state;
  const email =
    typeof state === 'object' &&
    state !== null &&
    'email' in state &&
    typeof state.email === 'string'
      ? state.email
      : '';
  return (
    <AuthCard title={t('checkMail.title')}>
      <Typography>
        {email === '' ? t('checkMail.textAny') : t('checkMail.text', { email })}
      </Typography>
      <Typography color="text.secondary">{t('checkMail.hint')}</Typography>
      <Button component={RouterLink} to="/login" variant="contained">
        {t('forgot.back')}
      </Button>
    </AuthCard>
  );
}
