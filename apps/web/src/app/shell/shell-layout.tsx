// The signed-in shell: header, side menu (a 260 px drawer, 60 px collapsed; a temporary
// drawer below the large breakpoint; or a horizontal top bar), the screen, the footer.
// Its own chunk (signed-in-area.tsx): nothing of it is loaded on the guest screens.

import { Suspense, useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { DataPanelState } from '@field/domain';
import { findRoute, visibleMenu } from '@field/domain';
import { useConfirmedHomeWrites } from '../../data/homes';
import { menuOrientation, useLocalSetting } from '../../data/local-settings';
import { useSignedIn } from '../../data/session';
import { FieldQueryProvider } from '../../offline/query-provider';
import { useOptionalOfflineEngine } from '../../offline/react';
import { ExpiredDraftsDialog } from '../../features/drafts/expired-drafts-dialog';
import { useNotificationStream } from '../../features/notifications/api/notifications';
import { AppFooter } from './app-footer';
import { DataPanel } from './data-panel';
import { FeedbackDialog } from './feedback-dialog';
import { PageOutlet } from './page-outlet';
import { ShellDrawer } from './shell-drawer';
import { ShellHeader } from './shell-header';

function usePageTitle(): string {
  const { t } = useTranslation();
  const location = useLocation();
  const route = findRoute(location.pathname);
  return route === undefined ? t('app.name') : t(`nav.${route.titleId}`);
}

function Shell() {
  const { t } = useTranslation();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('lg'), { noSsr: true });
  const { access } = useSignedIn();
  const mode = useLocalSetting((settings) => settings.mode);
  const orientation = useLocalSetting(menuOrientation);
  // Started before the shell renders (signed-in-area.tsx); null where it cannot run.
  const engineRunning = useOptionalOfflineEngine() !== null;
  const [mobileOpen, setMobileOpen] = useState(false);
  // The phone's menu is drawn the first time it opens, then kept (it opens fast after):
  // drawn hidden on every first load it was a large part of the first screen's render.
  const [mobileMenuDrawn, setMobileMenuDrawn] = useState(false);
  if (mobileOpen && !mobileMenuDrawn) setMobileMenuDrawn(true);
  const [collapsed, setCollapsed] = useState(false);
  const [feedbackOpen, setFeedbackOpen] = useState(false);
  const [panel, setPanel] = useState<DataPanelState>('closed');
  const title = usePageTitle();
  const location = useLocation();
  useNotificationStream(true);
  useConfirmedHomeWrites();

  useEffect(() => {
    document.title = `${title} · ${t('app.name')}`;
  }, [title, t]);

  const menu = useMemo(() => visibleMenu(access, mode), [access, mode]);
  const horizontal = wide && orientation === 'horizontal';

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <ShellHeader
        menu={menu}
        wide={wide}
        horizontal={horizontal}
        collapsed={collapsed}
        presentation={mode === 'presentation'}
        demo={access.demo}
        engineRunning={engineRunning}
        panelOpen={panel !== 'closed'}
        onMenuButton={() => (wide ? setCollapsed((c) => !c) : setMobileOpen(true))}
        onPanelButton={() => setPanel(panel === 'closed' ? 'expanded' : 'closed')}
        onFeedback={() => setFeedbackOpen(true)}
      />

      {!horizontal && (
        <ShellDrawer
          menu={menu}
          access={access}
          wide={wide}
          collapsed={collapsed}
          mobileOpen={mobileOpen}
          mobileMenuDrawn={mobileMenuDrawn}
          onClose={() => setMobileOpen(false)}
        />
      )}

      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <Toolbar />
        {horizontal && <Box sx={{ height: 48 }} />}
        <Box sx={{ height: 4 }} />
        <Box
          component="main"
          id="main"
          tabIndex={-1}
          // At least a screen high: the footer starts below the fold, so a screen whose
          // content arrives after its first paint does not push a visible footer away (a
          // layout shift of the whole page: CLS 0.76 on the overview, Lighthouse mobile).
          sx={{ flex: 1, minHeight: '100dvh', p: { xs: 1.5, sm: 3 }, outline: 'none' }}
        >
          {/* The status pages (404, unauthorized...) carry their own heading. */}
          {findRoute(location.pathname) !== undefined && (
            <Typography variant="h1" sx={{ mb: 2 }}>
              {title}
            </Typography>
          )}
          <Suspense fallback={<LinearProgress />}>
            <PageOutlet />
          </Suspense>
        </Box>
        <AppFooter demo={access.demo} />
      </Box>
      {engineRunning && <ExpiredDraftsDialog />}
      <FeedbackDialog open={feedbackOpen} onClose={() => setFeedbackOpen(false)} />
      <DataPanel state={panel} onStateChange={setPanel} />
    </Box>
  );
}

/** The shell, with the app's QueryClient for it and every signed-in screen. */
export function ShellLayout() {
  return (
    <FieldQueryProvider>
      <Shell />
    </FieldQueryProvider>
  );
}
