// The footer of every screen: DEMO MODE and DEV ENV chips, version and build date,
// copyright.

import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { APP_BUILD_DATE, APP_VERSION } from '@field/domain';

/** Development hosts are the ones whose name contains "dev". */
function isDevHost(): boolean {
  return window.location.hostname.toLowerCase().includes('dev');
}

export function AppFooter({ demo }: { demo: boolean }) {
  const { t } = useTranslation();
  return (
    <Box
      component="footer"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: 1,
        alignItems: 'center',
        justifyContent: 'space-between',
        px: 2,
        py: 1.5,
        borderTop: 1,
        borderColor: 'divider',
        color: 'text.secondary',
      }}
    >
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
        {demo && <Chip size="small" color="secondary" label={t('footer.demoMode')} />}
        {isDevHost() && <Chip size="small" color="info" label={t('footer.devEnv')} />}
        <Typography variant="caption">
          {t('footer.version', { version: APP_VERSION, date: APP_BUILD_DATE })}
        </Typography>
      </Box>
      <Typography variant="caption">
        {t('footer.copyright', { year: APP_BUILD_DATE.slice(0, 4), name: t('app.name') })}
      </Typography>
    </Box>
  );
}
