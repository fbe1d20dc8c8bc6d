// The signed-in shell: header, side menu (a 260 px drawer, 60 px collapsed; a temporary
// drawer below the large breakpoint; or a horizontal top bar), the screen, the footer.
// Its own chunk (signed-in-area.tsx): nothing of it is loaded on the guest screens.

import { Suspense, useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useIsFetching, useIsMutating } from '@tanstack/react-query';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import CloudOff from '@mui/icons-material/CloudOff';
import CloudSync from '@mui/icons-material/CloudSync';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import MenuIcon from '@mui/icons-material/Menu';
import type { DataPanelState } from '@field/domain';
import { SYNC_ROUTE, UI, findRoute, visibleMenu } from '@field/domain';
import { effectiveTesting, menuOrientation, useLocalSetting } from '../../data/local-settings';
import { useSignedIn } from '../../data/session';
import { FieldQueryProvider } from '../../offline/query-provider';
import { useOnlineStatus, useOptionalOfflineEngine, useQueueCounts } from '../../offline/react';
import { useOnline } from '../../ui/use-online';
import { WordMark } from '../../ui/word-mark';
import { ExpiredDraftsDialog } from '../../features/drafts/expired-drafts-dialog';
import { MessagesMenu } from '../../features/notifications/components/messages-menu';
import { NotificationsBell } from '../../features/notifications/components/notifications-bell';
import { useNotificationStream } from '../../features/notifications/api/notifications';
import { AppFooter } from './app-footer';
import { DataPanel } from './data-panel';
import { FeedbackDialog } from './feedback-dialog';
import { HomePicker } from './home-picker';
import { MenuFooter } from './menu-footer';
import { HorizontalMenu } from './horizontal-menu';
import { NavigationProgress, PageOutlet, useNavigating } from './page-outlet';
import { ProfileMenu } from './profile-menu';
import { SideMenu } from './side-menu';

/**
 * The offline indicator with the count of queued writes (the engine's view of the
 * connection); opens the Mutation Queue view. Hidden while online with nothing queued.
 */
function SyncIndicator() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const online = useOnlineStatus();
  const { pending, failed, conflicts } = useQueueCounts();
  // A conflict is a change not yet on the server too, and it waits for the user.
  const queued = pending + failed + conflicts;
  if (online && queued === 0) return null;
  const label = online
    ? t('header.queued', { count: queued })
    : queued > 0
      ? t('header.offlineQueued', { count: queued })
      : t('header.offline');
  return (
    <Chip
      size="small"
      color={!online || failed > 0 || conflicts > 0 ? 'error' : 'warning'}
      icon={online ? <CloudSync /> : <CloudOff />}
      label={
        <>
          {/* A phone's header has room for the count only; the full text is the name. */}
          <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
            {label}
          </Box>
          <Box component="span" sx={{ display: { xs: 'inline', sm: 'none' } }}>
            {queued > 0 ? queued : t('header.offline')}
          </Box>
        </>
      }
      onClick={() => void navigate(SYNC_ROUTE)}
      aria-label={t('header.openQueue', { label })}
      data-testid="offline-indicator"
      data-online={online}
      data-queued={queued}
      sx={{
        position: 'relative',
        minHeight: 32,
        '&::after': { content: '""', position: 'absolute', inset: -6 },
      }}
    />
  );
}

function usePageTitle(): string {
  const { t } = useTranslation();
  const location = useLocation();
  const route = findRoute(location.pathname);
  return route === undefined ? t('app.name') : t(`nav.${route.titleId}`);
}

/**
 * The header's bar: a screen opening, or requests in flight. Its own component, so a fetch
 * that starts or ends renders only the bar again, not the whole shell (a queue drain or
 * a sync starts and ends hundreds of them).
 */
function ActivityBar() {
  const { t } = useTranslation();
  const busy = useIsFetching() + useIsMutating() > 0;
  const navigating = useNavigating();
  return (
    <Box sx={{ height: 4 }}>
      {navigating ? (
        <NavigationProgress />
      ) : (
        busy && <LinearProgress color="secondary" aria-label={t('header.requestsInFlight')} />
      )}
    </Box>
  );
}

function Shell() {
  const { t } = useTranslation();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('lg'), { noSsr: true });
  const { access } = useSignedIn();
  const mode = useLocalSetting((settings) => settings.mode);
  const orientation = useLocalSetting(menuOrientation);
  const online = useOnline();
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

  useEffect(() => {
    document.title = `${title} · ${t('app.name')}`;
  }, [title, t]);

  const menu = useMemo(() => visibleMenu(access, mode), [access, mode]);
  const horizontal = wide && orientation === 'horizontal';
  const testing = useLocalSetting((settings) => effectiveTesting(settings, access.demo));
  const drawerWidth = collapsed ? UI.drawerCollapsedWidthPx : UI.drawerWidthPx;

  const menuContent = (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100%' }}>
      <SideMenu menu={menu} collapsed={wide && collapsed} onNavigate={() => setMobileOpen(false)} />
      <Box sx={{ flex: 1 }} />
      {!(wide && collapsed) && (
        <MenuFooter access={access} onNavigate={() => setMobileOpen(false)} />
      )}
    </Box>
  );

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <AppBar
        position="fixed"
        elevation={1}
        // Above the permanent drawer on wide screens; a phone's drawer opens over the bar.
        sx={{ zIndex: (th) => (wide ? th.zIndex.drawer + 1 : th.zIndex.appBar) }}
      >
        <Toolbar sx={{ gap: { xs: 0.5, sm: 1 }, px: { xs: 1, sm: 2 } }}>
          {!horizontal && (
            <IconButton
              color="inherit"
              edge="start"
              onClick={() => (wide ? setCollapsed((c) => !c) : setMobileOpen(true))}
              aria-label={
                wide ? t(collapsed ? 'app.expandMenu' : 'app.collapseMenu') : t('app.openMenu')
              }
              data-testid="menu-button"
            >
              {wide && !collapsed ? <ChevronLeft /> : <MenuIcon />}
            </IconButton>
          )}
          <Box sx={{ display: { xs: 'none', sm: 'inline-flex' }, color: '#fff' }}>
            <WordMark onDark />
          </Box>
          <Stack direction="row" spacing={0.5} sx={{ ml: { sm: 1 } }}>
            {mode === 'presentation' && (
              <Chip
                size="small"
                color="warning"
                label={t('header.presentationMode')}
                data-testid="presentation-indicator"
              />
            )}
            {testing && (
              <Chip
                size="small"
                color="info"
                label={t('header.testingMode')}
                data-testid="testing-indicator"
              />
            )}
            {engineRunning ? (
              <SyncIndicator />
            ) : (
              !online && (
                <Chip
                  size="small"
                  color="error"
                  icon={<CloudOff />}
                  label={t('header.offline')}
                  data-testid="offline-indicator"
                />
              )
            )}
          </Stack>
          <Box sx={{ flex: 1 }} />
          <HomePicker />
          <IconButton
            color="inherit"
            onClick={() => setPanel(panel === 'closed' ? 'expanded' : 'closed')}
            aria-label={t('details.open')}
            aria-pressed={panel !== 'closed'}
            data-testid="data-panel-button"
          >
            <InfoOutlined />
          </IconButton>
          <MessagesMenu />
          <NotificationsBell />
          <ProfileMenu onFeedback={() => setFeedbackOpen(true)} />
        </Toolbar>
        {horizontal && <HorizontalMenu menu={menu} />}
        <ActivityBar />
      </AppBar>

      {!horizontal &&
        (wide ? (
          <Drawer
            variant="permanent"
            sx={{
              width: drawerWidth,
              flexShrink: 0,
              '& .MuiDrawer-paper': {
                width: drawerWidth,
                boxSizing: 'border-box',
                overflowX: 'hidden',
              },
            }}
          >
            <Toolbar />
            <Box sx={{ height: 4 }} />
            {menuContent}
          </Drawer>
        ) : (
          <Drawer
            variant="temporary"
            open={mobileOpen}
            onClose={() => setMobileOpen(false)}
            ModalProps={{ keepMounted: mobileMenuDrawn }}
            sx={{ '& .MuiDrawer-paper': { width: UI.drawerWidthPx } }}
          >
            <Toolbar sx={{ color: 'primary.main' }}>
              <WordMark />
            </Toolbar>
            <Divider />
            {menuContent}
          </Drawer>
        ))}

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
