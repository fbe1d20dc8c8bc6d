// The status pages: /unauthorized, /maintenance/404, /maintenance/500 and
// /maintenance/under-construction.

import type { ReactNode } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Block from '@mui/icons-material/Block';
import Construction from '@mui/icons-material/Construction';
import ReportProblemOutlined from '@mui/icons-material/ReportProblemOutlined';
import TravelExplore from '@mui/icons-material/TravelExplore';
import { DEFAULT_LANDING_ROUTE, PENDING_USER_SCOPE } from '@field/domain';
import { useSession } from '../../data/session';

function StatusPage({
  icon,
  code,
  title,
  text,
}: {
  icon: ReactNode;
  code?: string;
  title: string;
  text: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', py: 4, width: '100%' }}>
      <Paper
        variant="outlined"
        sx={{ p: { xs: 3, sm: 5 }, maxWidth: 520, width: '100%', textAlign: 'center' }}
      >
        <Stack spacing={2} sx={{ alignItems: 'center' }}>
          {icon}
          {code !== undefined && (
            <Typography
              sx={{ fontSize: 48, fontWeight: 800, color: 'primary.main', lineHeight: 1 }}
            >
              {code}
            </Typography>
          )}
          <Typography variant="h1" component="h1">
            {title}
          </Typography>
          <Typography color="text.secondary">{text}</Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <Button variant="outlined" onClick={() => void navigate(-1)}>
              {t('errors.goBack')}
            </Button>
            <Button variant="contained" component={RouterLink} to={DEFAULT_LANDING_ROUTE}>
              {t('errors.home')}
            </Button>
          </Stack>
        </Stack>
      </Paper>
    </Box>
  );
}

const iconSx = { fontSize: 56, color: 'text.secondary' } as const;

export function NotFound() {
  const { t } = useTranslation();
  return (
    <StatusPage
      icon={<TravelExplore sx={iconSx} aria-hidden />}
      code="404"
      title={t('errors.notFoundTitle')}
      text={t('errors.notFoundText')}
    />
  );
}

export function ServerError() {
  const { t } = useTranslation();
  return (
    <StatusPage
      icon={<ReportProblemOutlined sx={iconSx} aria-hidden />}
      code="500"
      title={t('errors.serverErrorTitle')}
      text={t('errors.serverErrorText')}
    />
  );
}

export function Unauthorized() {
  const { t } = useTranslation();
  const { user } = useSession();
  // A new account holds only the unapproved pending-user scope until an admin approves it.
  const pending =
    user !== null &&
    !user.scopes.some((scope) => scope.approved && scope.value !== PENDING_USER_SCOPE);
  return (
    <StatusPage
      icon={<Block sx={iconSx} aria-hidden />}
      title={t(pending ? 'errors.pendingTitle' : 'errors.unauthorizedTitle')}
      text={t(pending ? 'errors.pendingText' : 'errors.unauthorizedText')}
    />
  );
}

export function UnderConstruction() {
  const { t } = useTranslation();
  return (
    <StatusPage
      icon={<Construction sx={iconSx} aria-hidden />}
      title={t('errors.underConstructionTitle')}
      text={t('errors.underConstructionText')}
    />
  );
}
