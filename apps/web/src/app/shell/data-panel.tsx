// The data side panel (sizes in packages/domain/src/data-panel.ts): the selected home's details in
// a panel that is dragged taller or shorter (64 px to 95% of the window; past half the maximum it
// expands on release), moved sideways on wide screens, and on a phone a bottom sheet opened and
// closed by swipe that locks the page's scroll while expanded.

import type { PointerEvent as ReactPointerEvent, KeyboardEvent as ReactKeyboardEvent } from 'react';
import { useEffect, useRef, useState } from 'react';
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
import {
  DATA_PANEL,
  clampPanelHeight,
  clampPanelLeft,
  panelDefaultHeight,
  releasePanel,
} from '@field/domain';
import { useSelectedHome } from '../../data/homes';
import { HomeDetails } from '../../ui/home-details';

const KEY_STEP_PX = 48;

interface Drag {
  startX: number;
  startY: number;
  startHeight: number;
  startLeft: number;
  moved: boolean;
}

export interface DataPanelProps {
  state: DataPanelState;
  onStateChange: (state: DataPanelState) => void;
}

export function DataPanel({ state, onStateChange }: DataPanelProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const home = useSelectedHome();
  const [height, setHeight] = useState(() => panelDefaultHeight(window.innerHeight));
  const [left, setLeft] = useState<number | null>(null);
  const [dragHeight, setDragHeight] = useState<number | null>(null);
  const drag = useRef<Drag | null>(null);

  // Expanded on a phone, the sheet owns the scroll: the page behind it stays still.
  useEffect(() => {
    if (wide || state !== 'expanded') return undefined;
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previous;
    };
  }, [wide, state]);

  if (state === 'closed') return null;

  const width = wide ? DATA_PANEL.defaultWidthPx : window.innerWidth;
  const shownHeight = dragHeight ?? (state === 'expanded' ? height : DATA_PANEL.minHeightPx);
  const x = wide
    ? clampPanelLeft(left ?? window.innerWidth - width - 16, width, window.innerWidth)
    : 0;

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    if ((event.target as HTMLElement).closest('button') !== null) return; // Safe: DOM event target.
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = {
      startX: event.clientX,
      startY: event.clientY,
      startHeight: shownHeight,
      startLeft: x,
      moved: false,
    };
  };
  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (current === null) return;
    const dy = current.startY - event.clientY;
    const dx = event.clientX - current.startX;
    if (Math.abs(dy) + Math.abs(dx) > 4) current.moved = true;
    // Below the minimum only on a phone, where a swipe down closes the sheet.
    const raw = current.startHeight + dy;
    setDragHeight(
      wide
        ? clampPanelHeight(raw, window.innerHeight)
        : Math.min(Math.max(raw, 0), window.innerHeight * 0.95),
    );
    if (wide) setLeft(clampPanelLeft(current.startLeft + dx, width, window.innerWidth));
  };
  const onPointerUp = () => {
    const current = drag.current;
    drag.current = null;
    if (current === null) return;
    const released = dragHeight ?? current.startHeight;
    setDragHeight(null);
    if (!current.moved) {
      onStateChange(state === 'expanded' ? 'collapsed' : 'expanded');
      return;
    }
    if (!wide && released < DATA_PANEL.minHeightPx / 2) {
      onStateChange('closed');
      return;
    }
    const next = releasePanel(released, window.innerHeight);
    if (next.state === 'expanded') setHeight(next.height);
    onStateChange(next.state);
  };
  const onKeyDown = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
    event.preventDefault();
    const next = releasePanel(
      shownHeight + (event.key === 'ArrowUp' ? KEY_STEP_PX : -KEY_STEP_PX),
      window.innerHeight,
    );
    if (next.state === 'expanded') setHeight(next.height);
    onStateChange(next.state);
  };

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
        zIndex: (th) => th.zIndex.drawer + 2,
        display: 'flex',
        flexDirection: 'column',
        borderBottomLeftRadius: 0,
        borderBottomRightRadius: 0,
        overflow: 'hidden',
        transition: dragHeight === null ? 'height 160ms ease-out' : 'none',
      }}
    >
      <Box
        role="separator"
        aria-orientation="horizontal"
        aria-label={t('details.resize')}
        aria-valuemin={DATA_PANEL.minHeightPx}
        aria-valuemax={Math.round(window.innerHeight * DATA_PANEL.maxHeightRatio)}
        aria-valuenow={Math.round(shownHeight)}
        tabIndex={0}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onKeyDown={onKeyDown}
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
          {home?.Address ?? t('details.title')}
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
