// The signed-in shell's header: the menu button, the word mark, the mode and connection
// chips, the home picker, the data panel's button, messages, notifications, the profile
// menu; below them the horizontal menu (when chosen) and the activity bar.

import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useIsFetching, useIsMutating } from '@tanstack/react-query';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import type { ChipProps } from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import CloudOff from '@mui/icons-material/CloudOff';
import CloudSync from '@mui/icons-material/CloudSync';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import MenuIcon from '@mui/icons-material/Menu';
import type { MenuItem } from '@field/domain';
import { SYNC_ROUTE } from '@field/domain';
import { effectiveTesting, useLocalSetting } from '../../data/local-settings';
import { useOnlineStatus, useQueueCounts } from '../../offline/react';
import { useOnline } from '../../ui/use-online';
import { WordMark } from '../../ui/word-mark';
import { MessagesMenu } from '../../features/notifications/components/messages-menu';
import { NotificationsBell } from '../../features/notifications/components/notifications-bell';
import { HomePicker } from './home-picker';
import { HorizontalMenu } from './horizontal-menu';
import { NavigationProgress, useNavigating } from './page-outlet';
import { ProfileMenu } from './profile-menu';

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
  // Each kind in its own words: a change waiting on a conflict choice is not "to send".
  const parts = [
    pending > 0 ? t('header.queued', { count: pending }) : '',
    failed > 0 ? t('header.failed', { count: failed }) : '',
    conflicts > 0 ? t('header.conflicts', { count: conflicts }) : '',
  ].filter((part) => part !== '');
  const label = online
    ? parts.join(' · ')
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
          {/* A phone's header has room for the icon and the count only, so the home picker
              and the profile menu stay on the screen; the full text is the chip's name. */}
          <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
            {label}
          </Box>
          {queued > 0 && (
            <Box component="span" sx={{ display: { xs: 'inline', sm: 'none' } }}>
              {queued}
            </Box>
          )}
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
        // The icon alone on a phone: no room kept for an empty label.
        ...(queued === 0 && {
          '& .MuiChip-label': { display: { xs: 'none', sm: 'block' } },
          '& .MuiChip-icon': { mx: { xs: 0.75, sm: undefined } },
        }),
      }}
    />
  );
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

/** The chip of a mode the app runs in (presentation, testing). */
function ModeChip({
  color,
  label,
  name,
}: {
  color: ChipProps['color'];
  label: string;
  name: string;
}) {
  return <Chip size="small" color={color} label={label} data-testid={`${name}-indicator`} />;
}

export interface ShellHeaderProps {
  menu: MenuItem[];
  /** The large breakpoint: the bar above the permanent drawer, the menu button collapses it. */
  wide: boolean;
  horizontal: boolean;
  collapsed: boolean;
  presentation: boolean;
  demo: boolean;
  /** The offline engine runs: the indicator counts its queue. */
  engineRunning: boolean;
  panelOpen: boolean;
  onMenuButton: () => void;
  onPanelButton: () => void;
  onFeedback: () => void;
}

export function ShellHeader({
  menu,
  wide,
  horizontal,
  collapsed,
  presentation,
  demo,
  engineRunning,
  panelOpen,
  onMenuButton,
  onPanelButton,
  onFeedback,
}: ShellHeaderProps) {
  const { t } = useTranslation();
  const online = useOnline();
  const testing = useLocalSetting((settings) => effectiveTesting(settings, demo));
  return (
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
            onClick={onMenuButton}
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
          {presentation && (
            <ModeChip color="warning" label={t('header.presentationMode')} name="presentation" />
          )}
          {testing && <ModeChip color="info" label={t('header.testingMode')} name="testing" />}
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
          onClick={onPanelButton}
          aria-label={t('details.open')}
          aria-pressed={panelOpen}
          data-testid="data-panel-button"
        >
          <InfoOutlined />
        </IconButton>
        <MessagesMenu />
        <NotificationsBell />
        <ProfileMenu onFeedback={onFeedback} />
      </Toolbar>
      {horizontal && <HorizontalMenu menu={menu} />}
      <ActivityBar />
    </AppBar>
  );
}
