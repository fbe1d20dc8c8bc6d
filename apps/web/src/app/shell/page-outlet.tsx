// While the next screen's code loads (a slow connection can take seconds), the page shows
// a progress bar and the outgoing screen goes inert: nothing typed into a screen that is
// about to disappear is lost, and a second tap cannot start another navigation.

import { Outlet, useNavigation } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';

/** Whether the router is opening another screen. */
export function useNavigating(): boolean {
  return useNavigation().state !== 'idle';
}

/** The bar shown while another screen opens. */
export function NavigationProgress() {
  const { t } = useTranslation();
  return <LinearProgress aria-label={t('app.openingScreen')} data-testid="navigation-progress" />;
}

/** The current screen, inert and marked busy while the next one loads. */
export function PageOutlet() {
  const navigating = useNavigating();
  return (
    <Box inert={navigating} aria-busy={navigating} sx={{ display: 'contents' }}>
      <Outlet />
    </Box>
  );
}
