// What a route shows when it fails to render or load: "Oops! Something went wrong"
// (docs/product.md, Messages), the details, Go Back and Reload Page.

import { useEffect, useState } from 'react';
import { useNavigate, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import { reportError } from '../lib/telemetry';

function describe(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'object' && error !== null && 'statusText' in error) {
    return String(error.statusText);
  }
  return String(error);
}

export function RouteErrorScreen() {
  const error = useRouteError();
  useEffect(() => {
    console.error('Route failed', error);
    reportError(error, { where: 'route' });
  }, [error]);
  return <ErrorPanel details={describe(error)} />;
}

function ErrorPanel({ details }: { details: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '60vh', p: 2 }}>
      <Paper role="alert" sx={{ p: 3, maxWidth: 520, width: '100%' }}>
        <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
          <ErrorOutline color="error" sx={{ fontSize: 48 }} aria-hidden />
          <Typography variant="h1">{t('errors.title')}</Typography>
          <Button size="small" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
            {t('errors.details')}
          </Button>
          <Collapse in={open} sx={{ width: '100%' }}>
            <Typography
              component="pre"
              data-testid="error-details"
              sx={{ whiteSpace: 'pre-wrap', textAlign: 'left', fontSize: 13, m: 0 }}
            >
              {details}
            </Typography>
          </Collapse>
          <Stack direction="row" spacing={1}>
            <Button variant="outlined" onClick={() => void navigate(-1)}>
              {t('errors.goBack')}
            </Button>
            <Button variant="contained" onClick={() => window.location.reload()}>
              {t('errors.reload')}
            </Button>
          </Stack>
        </Stack>
      </Paper>
    </Box>
  );
}
