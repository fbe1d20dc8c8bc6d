// The prompt itself (the app update state): Reload or Close, and "updating..." while Reload waits
// for queued writes. Its own chunk: it is drawn only when a new version waits, so the first load of
// every page does without it (app-update-prompt.tsx).

import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import SystemUpdate from '@mui/icons-material/SystemUpdateAltOutlined';
import type { UpdateState } from './service-worker-updates';

export function UpdatePromptView(props: {
  state: UpdateState;
  onReload: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const updating = props.state === 'updating';
  return (
    <Snackbar
      open={props.state !== 'none'}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      sx={{ zIndex: (theme) => theme.zIndex.snackbar + 1 }}
    >
      <Alert
        severity="info"
        icon={<SystemUpdate fontSize="inherit" />}
        data-testid="app-update-prompt"
        sx={{
          width: { xs: '100%', sm: 420 },
          bgcolor: 'background.paper',
          color: 'text.primary',
          border: 1,
          borderColor: 'primary.light',
          boxShadow: 6,
          '& .MuiAlert-icon': { color: 'primary.main' },
        }}
      >
        <AlertTitle sx={{ fontWeight: 650 }}>{t('appUpdate.title')}</AlertTitle>
        <Typography variant="body2" aria-live="polite">
          {updating ? t('appUpdate.updating') : t('appUpdate.body')}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', mt: 1.5 }}>
          <Button onClick={props.onClose} disabled={updating} color="inherit">
            {t('appUpdate.close')}
          </Button>
          <Button
            variant="contained"
            onClick={props.onReload}
            disabled={updating}
            startIcon={updating ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {t('appUpdate.reload')}
          </Button>
        </Stack>
      </Alert>
    </Snackbar>
  );
}
