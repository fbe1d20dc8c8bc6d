// The data side panel (sizes in packages/domain/src/data-panel.ts): the selected home's details in
// a panel that is dragged taller or shorter (64 px to 95% of the window; past half the maximum it
// expands on release), moved sideways on wide screens, and on a phone a bottom sheet opened and
// closed by swipe that locks the page's scroll while expanded.

import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import Close from '@mui/icons-material/Close';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import type { DataPanelState } from '@field/domain';
import { DATA_PANEL } from '@field/domain';
import { useSelectedHome } from '../../data/homes';
import { HomeDetails } from '../../ui/home-details';
import type { DataPanelDrag } from './use-data-panel-drag';
import { useDataPanelDrag } from './use-data-panel-drag';

export interface DataPanelProps {
  state: DataPanelState;
  onStateChange: (state: DataPanelState) => void;
}

export function DataPanel({ state, onStateChange }: DataPanelProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const home = useSelectedHome();
  const { width, shownHeight, x, dragging, handlers } = useDataPanelDrag(
    state,
    onStateChange,
    wide,
  );

  if (state === 'closed') return null;

  return (
    <Paper
      elevation={8}
      role="complementary"
      aria-label={t('details.title')}
      data-testid="data-panel"
      data-state={state}
      sx={{
        position: 'fixed',
        bottom: 0,
        left: x,
        width,
        height: shownHeight,
        // On a wide screen it may be moved over the side menu; on a phone the menu opens
        // over it (it stood on top of the opened menu, hiding all but its first lines).
        zIndex: (th) => (wide ? th.zIndex.drawer + 2 : th.zIndex.appBar + 1),
        display: 'flex',
        flexDirection: 'column',
        borderBottomLeftRadius: 0,
        borderBottomRightRadius: 0,
        overflow: 'hidden',
        transition: dragging ? 'none' : 'height 160ms ease-out',
      }}
    >
      <PanelHandle
        title={home?.Address ?? t('details.title')}
        state={state}
        onStateChange={onStateChange}
        shownHeight={shownHeight}
        wide={wide}
        handlers={handlers}
      />
      <Box sx={{ flex: 1, overflowY: 'auto', p: 2, overscrollBehavior: 'contain' }}>
        {home === null ? (
          <Typography color="text.secondary">{t('records.selectHome')}</Typography>
        ) : (
          <HomeDetails home={home} />
        )}
      </Box>
    </Paper>
  );
}

interface PanelHandleProps extends DataPanelProps {
  title: string;
  shownHeight: number;
  wide: boolean;
  handlers: DataPanelDrag['handlers'];
}

/** The panel's top bar: the handle it is dragged by, its title, expand and close. */
function PanelHandle({
  title,
  state,
  onStateChange,
  shownHeight,
  wide,
  handlers,
}: PanelHandleProps) {
  const { t } = useTranslation();
  return (
    <Box
      role="separator"
      aria-orientation="horizontal"
      aria-label={t('details.resize')}
      aria-valuemin={DATA_PANEL.minHeightPx}
      aria-valuemax={Math.round(window.innerHeight * DATA_PANEL.maxHeightRatio)}
      aria-valuenow={Math.round(shownHeight)}
      tabIndex={0}
      {...handlers}
      data-testid="data-panel-handle"
      sx={{
        height: DATA_PANEL.minHeightPx,
        flexShrink: 0,
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        px: 2,
        cursor: wide ? 'move' : 'ns-resize',
        touchAction: 'none',
        userSelect: 'none',
        bgcolor: 'primary.main',
        color: 'primary.contrastText',
        position: 'relative',
      }}
    >
      <Box
        aria-hidden
        sx={{
          position: 'absolute',
          top: 6,
          left: '50%',
          ml: '-18px',
          width: 36,
          height: 4,
          borderRadius: 2,
          bgcolor: 'rgba(255,255,255,0.6)',
        }}
      />
      <Typography noWrap sx={{ flex: 1, fontWeight: 650 }}>
        {title}
      </Typography>
      <IconButton
        color="inherit"
        onClick={() => onStateChange(state === 'expanded' ? 'collapsed' : 'expanded')}
        aria-label={t(state === 'expanded' ? 'details.collapse' : 'details.expand')}
      >
        {state === 'expanded' ? <ExpandMore /> : <ExpandLess />}
      </IconButton>
      <IconButton
        color="inherit"
        onClick={() => onStateChange('closed')}
        aria-label={t('details.close')}
      >
        <Close />
      </IconButton>
    </Box>
  );
}
